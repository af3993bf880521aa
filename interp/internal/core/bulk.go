package core

// MaxBulk bounds the rules of a tier whose first leaps firstLeaps keeps
// for selectBulk.
const MaxBulk = 4
