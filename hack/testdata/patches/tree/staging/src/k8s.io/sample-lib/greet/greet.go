package greet

// Greeting is the greeting of the sample library.
const Greeting = "hello"
