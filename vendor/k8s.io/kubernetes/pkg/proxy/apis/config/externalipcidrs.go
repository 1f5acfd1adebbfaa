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

package config

import (
	"errors"
	"fmt"
	"net/netip"
)

// ParseServiceExternalIPCIDR parses one entry of ServiceExternalIPCIDRs. It
// is the one rule for the entry, whether it comes from the flag or the config
// file, and it matches what the service-externalips admission policy (CEL's
// isCIDR) accepts: an IPv4 or IPv6 CIDR in its strict form (no leading
// zeros, no zone). An IPv4-mapped IPv6 CIDR such as ::ffff:192.0.2.0/120 is
// refused: kube-proxy never matches an externalIP against it in that form,
// so accepting it would silently allow nothing, and the policy refuses it
// too. The returned prefix has its host bits masked off.
func ParseServiceExternalIPCIDR(s string) (netip.Prefix, error) {
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, errors.New("must be a valid CIDR such as 192.0.2.0/24 or 2001:db8::/64")
	}
	if p.Addr().Is4In6() {
		if p.Bits() >= 96 {
			ipv4 := netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96).Masked()
			return netip.Prefix{}, fmt.Errorf("must not be an IPv4-mapped IPv6 CIDR: write it as %s", ipv4)
		}
		return netip.Prefix{}, errors.New("must not be an IPv4-mapped IPv6 CIDR: write the IPv4 range as an IPv4 CIDR")
	}
	return p.Masked(), nil
}
