package lint

import (
	"bytes"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// source returns a file's text and the offset of pos in it.
func source(pass *analysis.Pass, pos token.Pos) ([]byte, *token.File, bool) {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return nil, nil, false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return nil, nil, false
	}
	return src, tf, true
}

// InsertField adds `field` (e.g. "ForceNew: true") as the last element of the
// composite literal between lbrace and rbrace, keeping the literal's layout:
// on its own line before the closing brace, or inline before it.
func InsertField(pass *analysis.Pass, lbrace, rbrace token.Pos, field string) (analysis.TextEdit, bool) {
	if !lbrace.IsValid() || !rbrace.IsValid() {
		return analysis.TextEdit{}, false
	}
	src, tf, ok := source(pass, rbrace)
	if !ok {
		return analysis.TextEdit{}, false
	}
	lineStart := tf.LineStart(tf.Line(rbrace))
	indent := src[tf.Offset(lineStart):tf.Offset(rbrace)]
	if tf.Line(lbrace) == tf.Line(rbrace) || len(bytes.TrimSpace(indent)) != 0 {
		// Inline, before the brace: `{...}` or a brace sharing its line (`}}},`).
		inner := bytes.TrimSpace(src[tf.Offset(lbrace)+1 : tf.Offset(rbrace)])
		text := field
		switch {
		case len(inner) == 0:
		case inner[len(inner)-1] == ',':
			text = " " + field
		default:
			text = ", " + field
		}
		return analysis.TextEdit{Pos: rbrace, End: rbrace, NewText: []byte(text)}, true
	}
	text := string(indent) + "\t" + field + ",\n"
	return analysis.TextEdit{Pos: lineStart, End: lineStart, NewText: []byte(text)}, true
}

// DeleteElement removes one `Key: value` element of a composite literal,
// with its comma, and its line when it stands alone on it.
func DeleteElement(pass *analysis.Pass, start, end token.Pos) (analysis.TextEdit, bool) {
	if !start.IsValid() || !end.IsValid() {
		return analysis.TextEdit{}, false
	}
	src, tf, ok := source(pass, start)
	if !ok {
		return analysis.TextEdit{}, false
	}
	s, e := tf.Offset(start), tf.Offset(end)
	lineS := tf.Offset(tf.LineStart(tf.Line(start)))
	lineE := bytes.IndexByte(src[e:], '\n')
	if lineE < 0 {
		return analysis.TextEdit{}, false
	}
	lineE += e
	before, after := src[lineS:s], bytes.TrimSpace(src[e:lineE])
	if len(bytes.TrimSpace(before)) == 0 && (len(after) == 0 || string(after) == ",") {
		return analysis.TextEdit{Pos: tf.Pos(lineS), End: tf.Pos(lineE + 1)}, true
	}
	if bytes.HasPrefix(src[e:], []byte(", ")) {
		return analysis.TextEdit{Pos: start, End: tf.Pos(e + 2)}, true
	}
	if bytes.HasSuffix(src[:s], []byte(", ")) {
		return analysis.TextEdit{Pos: tf.Pos(s - 2), End: end}, true
	}
	return analysis.TextEdit{}, false
}
