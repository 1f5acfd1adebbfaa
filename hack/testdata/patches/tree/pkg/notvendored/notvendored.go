package notvendored

// Unused is a package the binaries never import.
const Unused = true
