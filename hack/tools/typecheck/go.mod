// The type-checker of hack/verify-build-32bit.sh, a module of its own so
// golang.org/x/tools does not move the versions the etcd build in
// hack/tools resolves.
module github.com/kubecarry/kubecarry/hack/tools/typecheck

go 1.25.0

require golang.org/x/tools v0.47.0

require (
	golang.org/x/mod v0.37.0 // indirect
	golang.org/x/sync v0.21.0 // indirect
)
