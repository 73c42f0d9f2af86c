package retryscope

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
)

// jsonNode is a JSON value with the offsets that spell it in the document, so
// that a finding about a service config can point at the key it is about.
type jsonNode struct {
	kind       jsonKind
	start, end int
	fields     []jsonField // objects, in document order
	elems      []*jsonNode // arrays
	str        string      // strings
	num        json.Number // numbers
}

type jsonKind int

const (
	jsonObject jsonKind = iota
	jsonArray
	jsonString
	jsonNumber
	jsonBool
	jsonNull
)

type jsonField struct {
	key        string
	start, end int // of the key, quotes included
	val        *jsonNode
}

// field returns the value of a key, matched as encoding/json matches a struct
// field (case-insensitively; the last of duplicate keys wins), and the key.
func (n *jsonNode) field(name string) (*jsonNode, *jsonField) {
	var found *jsonField
	for i := range n.fields {
		if strings.EqualFold(n.fields[i].key, name) {
			found = &n.fields[i]
		}
	}
	if found == nil {
		return nil, nil
	}
	return found.val, found
}

// jsonSyntaxError is a document that is not JSON, at an offset.
type jsonSyntaxError struct {
	offset int
	msg    string
}

func (e *jsonSyntaxError) Error() string { return e.msg }

// parseJSON parses a document into a tree of jsonNodes.
func parseJSON(doc string) (*jsonNode, error) {
	p := &jsonParser{doc: doc, dec: json.NewDecoder(strings.NewReader(doc))}
	p.dec.UseNumber()
	n, err := p.value()
	if err == nil {
		if _, extra := p.dec.Token(); extra != io.EOF {
			err = &jsonSyntaxError{offset: p.next(), msg: "text after the end of the JSON value"}
		}
	}
	return n, p.located(err)
}

type jsonParser struct {
	doc string
	dec *json.Decoder
}

// next is the offset of the next token: the decoder's offset past separators.
func (p *jsonParser) next() int {
	i := int(p.dec.InputOffset())
	for i < len(p.doc) && strings.IndexByte(" \t\r\n,:", p.doc[i]) >= 0 {
		i++
	}
	return i
}

// token returns the next token and where it starts and ends.
func (p *jsonParser) token() (json.Token, int, int, error) {
	start := p.next()
	t, err := p.dec.Token()
	return t, start, int(p.dec.InputOffset()), err
}

func (p *jsonParser) value() (*jsonNode, error) {
	t, start, end, err := p.token()
	if err != nil {
		return nil, err
	}
	n := &jsonNode{start: start, end: end}
	switch t := t.(type) {
	case json.Delim:
		if t == '{' {
			n.kind, err = jsonObject, p.object(n)
		} else {
			n.kind, err = jsonArray, p.array(n)
		}
		n.end = int(p.dec.InputOffset())
	case string:
		n.kind, n.str = jsonString, t
	case json.Number:
		n.kind, n.num = jsonNumber, t
	case bool:
		n.kind = jsonBool
	case nil:
		n.kind = jsonNull
	}
	return n, err
}

func (p *jsonParser) object(n *jsonNode) error {
	for p.dec.More() {
		t, start, end, err := p.token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		val, err := p.value()
		if err != nil {
			return err
		}
		n.fields = append(n.fields, jsonField{key: key, start: start, end: end, val: val})
	}
	_, err := p.dec.Token() // '}'
	return err
}

func (p *jsonParser) array(n *jsonNode) error {
	for p.dec.More() {
		val, err := p.value()
		if err != nil {
			return err
		}
		n.elems = append(n.elems, val)
	}
	_, err := p.dec.Token() // ']'
	return err
}

// located gives a decoder error the offset where it happened.
func (p *jsonParser) located(err error) error {
	if err == nil {
		return nil
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return &jsonSyntaxError{offset: int(se.Offset), msg: se.Error()}
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return &jsonSyntaxError{offset: len(p.doc), msg: "unexpected end of JSON input"}
	}
	var js *jsonSyntaxError
	if errors.As(err, &js) {
		return js
	}
	return &jsonSyntaxError{offset: p.next(), msg: err.Error()}
}
