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

package peerproxy

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/uuid"
	"k8s.io/apimachinery/pkg/util/wait"
	cacheddiscovery "k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/metadata/metadatainformer"
	"k8s.io/client-go/restmapper"
	"k8s.io/controller-manager/pkg/informerfactory"
	"k8s.io/kubernetes/pkg/controller/garbagecollector"
)

// TestGarbageCollectorKeepsDependentsOfProxiedOwners is the data-loss case
// of a mixed-version control plane, side by side with and without the
// proxy. The vendored upstream garbage collector reads and deletes only
// through the older server, which does not serve batch/v1. Its REST mapper
// comes from the newer server, as it does in an HA cluster whenever the
// controller manager's discovery request lands there. A ConfigMap owned by
// a Job that exists (on the newer server) must survive; without the proxy
// the older server answers 404 for the owner and the collector deletes it.
func TestGarbageCollectorKeepsDependentsOfProxiedOwners(t *testing.T) {
	for _, tc := range []struct {
		name          string
		gateOff       bool
		wantDependent bool
	}{
		{name: "proxy on by default: dependent kept", wantDependent: true},
		{name: "gate off as upstream 1.35: dependent deleted", gateOff: true, wantDependent: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cp := newControlPlane(t)
			var flags []string
			if tc.gateOff {
				flags = append(flags, "--feature-gates=UnknownVersionInteroperabilityProxy=false")
			}
			newer := cp.start("newer", !tc.gateOff, flags...)
			older := cp.start("older", !tc.gateOff, append(flags, olderServerRuntimeConfig)...)

			const ns = "gc"
			createNamespace(t, newer, ns)
			owner, err := newer.client.BatchV1().Jobs(ns).Create(context.Background(), newJob("owner"), metav1.CreateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !tc.gateOff {
				waitForJobsThrough(t, older, ns)
			}
			dependent := ownedConfigMap(t, newer, ns, "dependent", owner.Name, owner.UID)
			// A ConfigMap whose owner exists nowhere: the collector must
			// delete it, which shows it has processed the dependents.
			canary := ownedConfigMap(t, newer, ns, "canary", "ghost", types.UID(uuid.NewUUID()))

			syncPeriod := startGarbageCollector(t, newer, older)

			waitForDeletion(t, older, ns, canary.Name)
			if !tc.wantDependent {
				// The collector may take another pass; wait for the bug to show.
				waitForDeletion(t, older, ns, dependent.Name)
				return
			}
			// One look right after the canary went could pass before the
			// collector got to the dependent. Watch it for three sync
			// periods (each re-reads discovery and resyncs the monitors),
			// while a second canary, created now, proves the collector
			// kept collecting in that window.
			lateCanary := ownedConfigMap(t, newer, ns, "late-canary", "ghost", types.UID(uuid.NewUUID()))
			expectKeptFor(t, newer, ns, dependent.Name, 3*syncPeriod, "its owner, Job "+owner.Name+", exists")
			waitForDeletion(t, older, ns, lateCanary.Name)
			if _, err := newer.client.CoreV1().ConfigMaps(ns).Get(context.Background(), dependent.Name, metav1.GetOptions{}); err != nil {
				t.Fatalf("the ConfigMap owned by the existing Job %s is gone after the collector deleted the late canary: %v", owner.Name, err)
			}
		})
	}
}

func ownedConfigMap(t *testing.T, s *apiserver, ns, name, ownerName string, ownerUID types.UID) *corev1.ConfigMap {
	t.Helper()
	cm, err := s.client.CoreV1().ConfigMaps(ns).Create(context.Background(), &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{
			Name: name,
			OwnerReferences: []metav1.OwnerReference{{
				APIVersion: "batch/v1", Kind: "Job", Name: ownerName, UID: ownerUID,
			}},
		},
	}, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating ConfigMap %s: %v", name, err)
	}
	return cm
}

// startGarbageCollector runs upstream's garbage collector with its REST
// mapper from mapperSource and everything else through target, and returns
// its sync period.
func startGarbageCollector(t *testing.T, mapperSource, target *apiserver) time.Duration {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)

	restMapper := restmapper.NewDeferredDiscoveryRESTMapper(cacheddiscovery.NewMemCacheClient(mapperSource.client.Discovery()))
	restMapper.Reset()
	metadataClient, err := metadata.NewForConfig(target.admin)
	if err != nil {
		t.Fatal(err)
	}
	sharedInformers := informers.NewSharedInformerFactory(target.client, 0)
	metadataInformers := metadatainformer.NewSharedInformerFactory(metadataClient, 0)
	started := make(chan struct{})
	close(started)
	gc, err := garbagecollector.NewGarbageCollector(ctx, target.client, metadataClient, restMapper,
		garbagecollector.DefaultIgnoredResources(), informerfactory.NewInformerFactory(sharedInformers, metadataInformers), started)
	if err != nil {
		t.Fatalf("creating the garbage collector: %v", err)
	}
	const syncPeriod = 2 * time.Second
	// One worker keeps the processing order of the dependents.
	go gc.Run(ctx, 1, syncPeriod)
	go gc.Sync(ctx, target.client.Discovery(), syncPeriod)
	return syncPeriod
}

// expectKeptFor polls ConfigMap ns/name on s for the whole window and fails
// t at the first poll that does not find it, or at any other error; why
// says why it must stay.
func expectKeptFor(t *testing.T, s *apiserver, ns, name string, window time.Duration, why string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), window)
	defer cancel()
	start := time.Now()
	polls := 0
	for {
		_, err := s.client.CoreV1().ConfigMaps(ns).Get(context.Background(), name, metav1.GetOptions{})
		polls++
		if err != nil {
			t.Fatalf("ConfigMap %s/%s, which must stay because %s, is gone %v into the %v window (poll %d): %v",
				ns, name, why, time.Since(start).Round(time.Millisecond), window, polls, err)
		}
		select {
		case <-ctx.Done():
			if polls < 2 {
				t.Fatalf("ConfigMap %s/%s was looked at only %d time(s) in %v", ns, name, polls, window)
			}
			return
		case <-time.After(250 * time.Millisecond):
		}
	}
}

func waitForDeletion(t *testing.T, s *apiserver, ns, name string) {
	t.Helper()
	var last error
	err := wait.PollUntilContextTimeout(context.Background(), 250*time.Millisecond, 90*time.Second, true, func(ctx context.Context) (bool, error) {
		_, last = s.client.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
		return apierrors.IsNotFound(last), nil
	})
	if err != nil {
		t.Fatalf("the garbage collector did not delete ConfigMap %s/%s within 90s (last Get: %v)", ns, name, last)
	}
}
