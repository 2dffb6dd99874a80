// Package bigmem gives large tables of words memory of their own, apart
// from the Go heap and in huge pages where the kernel gives them: tables
// of hundreds of megabytes read and written at random then fault in a
// page of 2 MB at a time rather than 4 kB, and each page takes one entry
// of the processor's address cache rather than 512.
package bigmem
