/*
Copyright 2026 The Kubernetes Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

package x509

import (
	"crypto/sha256"
	"crypto/x509"
	"encoding/binary"
	"slices"
	"time"

	"k8s.io/apiserver/pkg/features"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/utils/lru"
)

// verificationCacheSize bounds the number of distinct client certificate
// chains whose verification is remembered. Clients keep using the same
// certificate for its lifetime, so a cluster has about one chain per
// component, node and peer apiserver; a chain that falls out is verified again.
const verificationCacheSize = 4096

// verificationCache remembers successful verifications of client
// certificate chains, so a client that sends many requests (every peer
// apiserver proxying for the Mixed Version Proxy presents the same
// front-proxy certificate on each one) pays the signature checks once
// instead of on every request.
//
// A remembered result is used only while it is exactly what verifying again
// would return:
//   - the request presents the same chain (leaf and intermediates, compared
//     by a SHA-256 of their DER bytes);
//   - the options carry the same trust anchors: the same *x509.CertPool, which
//     CA providers replace whenever the CA bundle changes, so removing a CA
//     takes effect on the next request; and the same intermediates pool and
//     key usages;
//   - the current time is inside the validity of every certificate of every
//     verified chain.
//
// Failed verifications are never remembered. Options with a fixed
// CurrentTime, or with a DNSName, bypass the cache, and so does everything
// while the KubecarryClientCertificateVerificationCache gate is off.
type verificationCache struct {
	// disabled makes Verify verify every chain, as upstream does.
	disabled bool
	entries  *lru.Cache
	// verify and now are replaced by tests.
	verify func(leaf *x509.Certificate, opts x509.VerifyOptions) ([][]*x509.Certificate, error)
	now    func() time.Time
}

type verifiedChains struct {
	roots         *x509.CertPool
	intermediates *x509.CertPool
	keyUsages     []x509.ExtKeyUsage
	chains        [][]*x509.Certificate
	validFrom     time.Time
	validUntil    time.Time
}

func newVerificationCache() *verificationCache {
	return &verificationCache{
		// Read once: authenticators are built after the flags are parsed.
		disabled: !utilfeature.DefaultFeatureGate.Enabled(features.KubecarryClientCertificateVerificationCache),
		entries:  lru.New(verificationCacheSize),
		verify:   (*x509.Certificate).Verify,
		now:      time.Now,
	}
}

// Verify verifies presented[0] with opts, where opts.Intermediates is the
// verifier's own intermediates pool (nil if it has none) and presented[1:]
// are the intermediates the client sent. Callers must not modify the
// returned chains.
func (c *verificationCache) Verify(presented []*x509.Certificate, opts x509.VerifyOptions) ([][]*x509.Certificate, error) {
	configured := opts.Intermediates
	if configured == nil && len(presented) > 1 {
		opts.Intermediates = x509.NewCertPool()
		for _, intermediate := range presented[1:] {
			opts.Intermediates.AddCert(intermediate)
		}
	}
	if c.disabled || !opts.CurrentTime.IsZero() || opts.DNSName != "" {
		return c.verify(presented[0], opts)
	}

	key := chainKey(presented)
	now := c.now()
	if cached, ok := c.entries.Get(key); ok {
		v := cached.(*verifiedChains)
		if v.roots == opts.Roots && v.intermediates == configured && slices.Equal(v.keyUsages, opts.KeyUsages) &&
			!now.Before(v.validFrom) && !now.After(v.validUntil) {
			return v.chains, nil
		}
	}

	chains, err := c.verify(presented[0], opts)
	if err != nil {
		return nil, err
	}
	v := &verifiedChains{
		roots:         opts.Roots,
		intermediates: configured,
		keyUsages:     slices.Clone(opts.KeyUsages),
		chains:        chains,
	}
	v.validFrom, v.validUntil = validityOf(chains)
	c.entries.Add(key, v)
	return chains, nil
}

// chainKey identifies a presented chain by the SHA-256 of its certificates'
// DER bytes, each prefixed with its length so that no two chains share a key.
func chainKey(presented []*x509.Certificate) [sha256.Size]byte {
	h := sha256.New()
	var n [8]byte
	for _, c := range presented {
		binary.BigEndian.PutUint64(n[:], uint64(len(c.Raw)))
		h.Write(n[:])
		h.Write(c.Raw)
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}

// validityOf returns the window in which every certificate of every chain
// is valid: from the latest NotBefore to the earliest NotAfter.
func validityOf(chains [][]*x509.Certificate) (from, until time.Time) {
	first := true
	for _, chain := range chains {
		for _, c := range chain {
			if first || c.NotBefore.After(from) {
				from = c.NotBefore
			}
			if first || c.NotAfter.Before(until) {
				until = c.NotAfter
			}
			first = false
		}
	}
	return from, until
}
