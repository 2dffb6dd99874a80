module github.com/polytile/polytile

go 1.26

require (
	github.com/spf13/cobra v1.10.2
	go.yaml.in/yaml/v4 v4.0.0
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
)
