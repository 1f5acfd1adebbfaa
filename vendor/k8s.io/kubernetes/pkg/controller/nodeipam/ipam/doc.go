/*
Copyright 2017 The Kubernetes Authors.

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

// Package ipam provides different allocators for assigning IP ranges to nodes.
// We currently support several kinds of IPAM allocators (these are denoted by
// the CIDRAllocatorType):
//   - RangeAllocator is an allocator that assigns PodCIDRs to nodes and works
//     in conjunction with the RouteController to configure the network to get
//     connectivity.
//   - CloudAllocator is an allocator that synchronizes PodCIDRs from IP
//     ranges assignments from the underlying cloud platform.
//   - (Alpha only) IPAMFromCluster is an allocator that has the similar
//     functionality as the RangeAllocator but also synchronizes cluster-managed
//     ranges into the cloud platform.
//   - (Alpha only) IPAMFromCloud is the same as CloudAllocator (synchronizes
//     from cloud into the cluster.)
package ipam
