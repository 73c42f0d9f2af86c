// Package pgproto3 is a stub of github.com/jackc/pgproto3/v2 (v2.3.3) for analysistest.
package pgproto3

// FieldDescription describes a result column.
type FieldDescription struct {
	Name        []byte
	DataTypeOID uint32
}
