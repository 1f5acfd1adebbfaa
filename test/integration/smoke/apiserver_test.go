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

package smoke

import (
	"context"
	"testing"
	"time"

	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	clientset "k8s.io/client-go/kubernetes"
	kubeapiservertesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"k8s.io/kubernetes/test/integration/framework"
)

// TestAPIServerCRUDAndWatch starts the vendored kube-apiserver over the real
// etcd of TestMain and drives one object through its life: create, get,
// watch an update, delete, and see the deletion both in the watch and as
// NotFound.
func TestAPIServerCRUDAndWatch(t *testing.T) {
	server := kubeapiservertesting.StartTestServerOrDie(t, nil, framework.DefaultTestServerFlags(), framework.SharedEtcd())
	t.Cleanup(server.TearDownFn)

	client := clientset.NewForConfigOrDie(server.ClientConfig)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)

	ns := framework.CreateNamespaceOrDie(client, "smoke", t)
	t.Cleanup(func() { framework.DeleteNamespaceOrDie(client, ns, t) })

	created, err := client.CoreV1().ConfigMaps(ns.Name).Create(ctx, &v1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: "greeting"},
		Data:       map[string]string{"hello": "world"},
	}, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("create: %v", err)
	}

	got, err := client.CoreV1().ConfigMaps(ns.Name).Get(ctx, "greeting", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("get: %v", err)
	}
	if got.UID != created.UID || got.Data["hello"] != "world" {
		t.Fatalf("get returned %s with data %v, want %s with hello=world", got.UID, got.Data, created.UID)
	}

	w, err := client.CoreV1().ConfigMaps(ns.Name).Watch(ctx, metav1.ListOptions{
		ResourceVersion: created.ResourceVersion,
		FieldSelector:   "metadata.name=greeting",
	})
	if err != nil {
		t.Fatalf("watch: %v", err)
	}
	defer w.Stop()

	got.Data["hello"] = "etcd"
	if _, err := client.CoreV1().ConfigMaps(ns.Name).Update(ctx, got, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("update: %v", err)
	}
	expectEvent(t, w, watch.Modified, func(cm *v1.ConfigMap) bool { return cm.Data["hello"] == "etcd" })

	if err := client.CoreV1().ConfigMaps(ns.Name).Delete(ctx, "greeting", metav1.DeleteOptions{}); err != nil {
		t.Fatalf("delete: %v", err)
	}
	expectEvent(t, w, watch.Deleted, func(cm *v1.ConfigMap) bool { return cm.UID == created.UID })

	if _, err := client.CoreV1().ConfigMaps(ns.Name).Get(ctx, "greeting", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("get after delete: got %v, want NotFound", err)
	}
}

// expectEvent reads the watch until an event of the wanted type whose object
// satisfies match arrives, failing on a closed watch or after a minute.
func expectEvent(t *testing.T, w watch.Interface, want watch.EventType, match func(*v1.ConfigMap) bool) {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		select {
		case ev, ok := <-w.ResultChan():
			if !ok {
				t.Fatalf("watch closed while waiting for a %s event", want)
			}
			cm, isConfigMap := ev.Object.(*v1.ConfigMap)
			if ev.Type == want && isConfigMap && match(cm) {
				return
			}
			t.Logf("skipping %s event while waiting for %s", ev.Type, want)
		case <-timeout:
			t.Fatalf("no %s event within a minute", want)
		}
	}
}
