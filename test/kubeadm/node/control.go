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

package node

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"time"
)

// ControlEnv is the environment variable that tells systemctl, run
// anywhere in a node, where the node's control socket is: the node's init
// sets it for every process it starts and "kcnode exec" for every command,
// and kubeadm passes its environment on to the systemctl it runs.
const ControlEnv = "KCNODE_CONTROL"

// controlRequest and controlResponse are one systemctl call on the control
// socket, one JSON object each way.
type controlRequest struct {
	Args []string `json:"args"`
}

type controlResponse struct {
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
	Exit   int    `json:"exit"`
}

// ServeControl answers systemctl calls on listener for services until the
// listener is closed.
func ServeControl(listener net.Listener, services map[string]*Service) error {
	for {
		conn, err := listener.Accept()
		if errors.Is(err, net.ErrClosed) {
			return nil
		}
		if err != nil {
			return err
		}
		go func() {
			defer conn.Close()
			var request controlRequest
			if err := json.NewDecoder(conn).Decode(&request); err != nil {
				_ = json.NewEncoder(conn).Encode(controlResponse{Stderr: fmt.Sprintf("kcnode: bad request: %v\n", err), Exit: 1})
				return
			}
			// A stop or restart waits for the process to end; so does the caller,
			// as with systemd.
			stdout, stderr, exit := Systemctl(services, request.Args)
			_ = json.NewEncoder(conn).Encode(controlResponse{Stdout: stdout, Stderr: stderr, Exit: exit})
		}()
	}
}

// CallSystemctl runs a systemctl command on the node whose control socket
// is socket and returns what it printed and its exit code. The error is for
// a node that cannot be reached.
func CallSystemctl(socket string, args []string, timeout time.Duration) (string, string, int, error) {
	conn, err := net.DialTimeout("unix", socket, timeout)
	if err != nil {
		return "", "", 0, fmt.Errorf("the node's supervisor at %s: %w", socket, err)
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(timeout)); err != nil {
		return "", "", 0, err
	}
	if err := json.NewEncoder(conn).Encode(controlRequest{Args: args}); err != nil {
		return "", "", 0, fmt.Errorf("the node's supervisor at %s: %w", socket, err)
	}
	var response controlResponse
	if err := json.NewDecoder(conn).Decode(&response); err != nil {
		return "", "", 0, fmt.Errorf("the node's supervisor at %s did not answer: %w", socket, err)
	}
	return response.Stdout, response.Stderr, response.Exit, nil
}
