module github.com/polytile/polytile

go 1.26.8
