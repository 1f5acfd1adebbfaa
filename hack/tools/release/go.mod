// The release tooling of hack/release.sh (container images, SBOMs,
// provenance), in a module of its own so that go-containerregistry and the
// SPDX library never move the versions etcd is built with in the hack/tools
// module, nor reach the product module.
module github.com/kubecarry/kubecarry/hack/tools/release

go 1.25.0

require (
	github.com/google/go-containerregistry v0.22.1
	github.com/spdx/tools-golang v0.5.7
)

require (
	github.com/anchore/go-struct-converter v0.1.0 // indirect
	github.com/docker/cli v29.7.2+incompatible // indirect
	github.com/docker/docker-credential-helpers v0.9.3 // indirect
	github.com/klauspost/compress v1.19.2 // indirect
	github.com/opencontainers/go-digest v1.0.0 // indirect
	github.com/opencontainers/image-spec v1.1.1 // indirect
	github.com/sirupsen/logrus v1.9.4 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	gotest.tools/v3 v3.5.2 // indirect
)
