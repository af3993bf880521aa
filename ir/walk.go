package ir

import "reflect"

// EachExpr calls f on every expression of g, each node of each tree
// (every *Expr reachable from g's exported fields, through pointers,
// interfaces, structs, slices, arrays and maps; a node shared by two
// places is visited once per place, a pointer cycle is cut).
func EachExpr(g *Game, f func(*Expr)) {
	exprType := reflect.TypeOf((*Expr)(nil))
	seen := map[uintptr]bool{}
	var visit func(e *Expr)
	visit = func(e *Expr) {
		if e == nil {
			return
		}
		f(e)
		for _, a := range e.Args {
			visit(a)
		}
	}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			if v.Type() == exprType {
				visit(v.Interface().(*Expr))
				return
			}
			if seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			walk(v.Elem())
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Map:
			iter := v.MapRange()
			for iter.Next() {
				walk(iter.Value())
			}
		}
	}
	walk(reflect.ValueOf(g))
}
