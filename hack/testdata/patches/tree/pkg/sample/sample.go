package sample

// Name is what the sample says.
func Name() string {
	return "upstream"
}
