/*
Copyright 2026 The kubecarry Authors.

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

package harness

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// PeerServerName is the TLS server name kube-apiservers use when they dial
// a peer (upstream's Mixed Version Proxy verifies peers against it), so
// every serving certificate made here carries it.
const PeerServerName = "kubernetes.default.svc"

// PKI is the certificate material of a test control plane, written as PEM
// files into one directory: a cluster CA (serving certificates and client
// certificates of users), a front-proxy CA, and the front-proxy client
// certificate that kube-apiservers present to peers and aggregated servers.
type PKI struct {
	Dir string

	CAFile                 string
	FrontProxyCAFile       string
	FrontProxyClientCert   string
	FrontProxyClientKey    string
	FrontProxyClientName   string
	ServingCertFile        string
	ServingKeyFile         string
	caCert, frontProxyCert *x509.Certificate
	caKey, frontProxyKey   crypto.Signer
}

// NewPKI generates the material in dir.
func NewPKI(dir string) (*PKI, error) {
	p := &PKI{Dir: dir, FrontProxyClientName: "front-proxy-client"}
	var err error
	if p.caCert, p.caKey, p.CAFile, err = p.newCA("ca", "kubecarry-test-ca"); err != nil {
		return nil, err
	}
	if p.frontProxyCert, p.frontProxyKey, p.FrontProxyCAFile, err = p.newCA("front-proxy-ca", "kubecarry-test-front-proxy-ca"); err != nil {
		return nil, err
	}
	if p.FrontProxyClientCert, p.FrontProxyClientKey, err = p.issue("front-proxy-client", p.frontProxyCert, p.frontProxyKey, &x509.Certificate{
		Subject:     pkix.Name{CommonName: p.FrontProxyClientName},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	}); err != nil {
		return nil, err
	}
	if p.ServingCertFile, p.ServingKeyFile, err = p.issue("serving", p.caCert, p.caKey, &x509.Certificate{
		Subject:     pkix.Name{CommonName: "kube-apiserver"},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:    []string{PeerServerName, "kubernetes.default", "kubernetes", "localhost"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1"), net.IPv6loopback},
	}); err != nil {
		return nil, err
	}
	return p, nil
}

// UserCert issues a client certificate for user in groups, signed by the
// cluster CA, and returns the certificate and key file paths.
func (p *PKI) UserCert(user string, groups ...string) (certFile, keyFile string, err error) {
	return p.issue("user-"+user, p.caCert, p.caKey, &x509.Certificate{
		Subject:     pkix.Name{CommonName: user, Organization: groups},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	})
}

// APIServerFlags are the kube-apiserver flags that use this material:
// client-certificate and front-proxy authentication, the serving
// certificate, the proxy client certificate and --peer-ca-file.
func (p *PKI) APIServerFlags() []string {
	return []string{
		"--client-ca-file=" + p.CAFile,
		"--tls-cert-file=" + p.ServingCertFile,
		"--tls-private-key-file=" + p.ServingKeyFile,
		"--requestheader-client-ca-file=" + p.FrontProxyCAFile,
		"--requestheader-allowed-names=" + p.FrontProxyClientName,
		"--requestheader-username-headers=X-Remote-User",
		"--requestheader-uid-headers=X-Remote-Uid",
		"--requestheader-group-headers=X-Remote-Group",
		"--requestheader-extra-headers-prefix=X-Remote-Extra-",
		"--proxy-client-cert-file=" + p.FrontProxyClientCert,
		"--proxy-client-key-file=" + p.FrontProxyClientKey,
		"--peer-ca-file=" + p.CAFile,
	}
}

func (p *PKI) newCA(name, commonName string) (*x509.Certificate, crypto.Signer, string, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, "", err
	}
	tmpl := &x509.Certificate{
		Subject:               pkix.Name{CommonName: commonName},
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	if err := fillValidity(tmpl); err != nil {
		return nil, nil, "", err
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		return nil, nil, "", fmt.Errorf("creating CA %s: %w", name, err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, "", err
	}
	file := filepath.Join(p.Dir, name+".crt")
	if err := writePEM(file, "CERTIFICATE", der); err != nil {
		return nil, nil, "", err
	}
	return cert, key, file, nil
}

func (p *PKI) issue(name string, ca *x509.Certificate, caKey crypto.Signer, tmpl *x509.Certificate) (certFile, keyFile string, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return "", "", err
	}
	tmpl.KeyUsage = x509.KeyUsageDigitalSignature
	if err := fillValidity(tmpl); err != nil {
		return "", "", err
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, key.Public(), caKey)
	if err != nil {
		return "", "", fmt.Errorf("issuing %s: %w", name, err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return "", "", err
	}
	certFile = filepath.Join(p.Dir, name+".crt")
	keyFile = filepath.Join(p.Dir, name+".key")
	if err := writePEM(certFile, "CERTIFICATE", der); err != nil {
		return "", "", err
	}
	if err := writePEM(keyFile, "EC PRIVATE KEY", keyDER); err != nil {
		return "", "", err
	}
	return certFile, keyFile, nil
}

func fillValidity(tmpl *x509.Certificate) error {
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return err
	}
	tmpl.SerialNumber = serial
	// Backdated a little so that clock differences never matter.
	tmpl.NotBefore = time.Now().Add(-time.Hour)
	tmpl.NotAfter = time.Now().Add(24 * time.Hour)
	return nil
}

func writePEM(file, blockType string, der []byte) error {
	return os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: blockType, Bytes: der}), 0o600)
}
