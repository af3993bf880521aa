package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"go.yaml.in/yaml/v3"
)

// indexedJob is what the test reads of deploy/analyze-job.yaml.
type indexedJob struct {
	Kind string `yaml:"kind"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Template       struct {
			Spec struct {
				Containers []struct {
					Command []string `yaml:"command"`
					Args    []string `yaml:"args"`
					Env     []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
					VolumeMounts []struct {
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// readJob returns the Indexed Job of the manifest.
func readJob(t *testing.T, file string) *indexedJob {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	for {
		var job indexedJob
		err := dec.Decode(&job)
		if errors.Is(err, io.EOF) {
			t.Fatalf("%s holds no Job", file)
		}
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if job.Kind == "Job" {
			return &job
		}
	}
}

// The Kubernetes Indexed Job runs the shards of an analysis: its command,
// run here for every completion index (with a small budget: fewer games,
// quick players), writes parts that merge into the report a single shard
// (the whole run) gives.
func TestKubernetesJobShards(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	job := readJob(t, filepath.Join("..", "..", "deploy", "analyze-job.yaml"))
	if job.Spec.CompletionMode != "Indexed" || job.Spec.Completions < 2 {
		t.Fatalf("completionMode %q, completions %d: want an Indexed Job of several pods", job.Spec.CompletionMode, job.Spec.Completions)
	}
	cs := job.Spec.Template.Spec.Containers
	if len(cs) != 1 || len(cs[0].Command) != 2 || cs[0].Command[0] != "sh" || cs[0].Command[1] != "-c" || len(cs[0].Args) != 1 {
		t.Fatalf("want one container running sh -c SCRIPT, got %+v", cs)
	}
	c := cs[0]
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if env["SHARDS"] != strconv.Itoa(job.Spec.Completions) {
		t.Fatalf("SHARDS=%s, completions %d: they must agree", env["SHARDS"], job.Spec.Completions)
	}
	if len(c.VolumeMounts) != 1 || c.VolumeMounts[0].MountPath != env["PARTS"] {
		t.Fatalf("the parts folder %s is not the mounted volume %+v", env["PARTS"], c.VolumeMounts)
	}
	// Smaller than in the manifest, so that the test is quick.
	env["GAMES"] = "10"
	env["PLAYERS"] = "greedy,random"
	run := func(dir string, index, shards int) {
		t.Helper()
		cmd := exec.Command("sh", "-c", c.Args[0])
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "JOB_COMPLETION_INDEX="+strconv.Itoa(index), "SHARDS="+strconv.Itoa(shards), "PARTS="+dir)
		for _, k := range []string{"GAMES", "PLAYERS", "SEED"} {
			cmd.Env = append(cmd.Env, k+"="+env[k])
		}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("pod %d of %d: %v\n%s", index, shards, err, out.String())
		}
		want := fmt.Sprintf("%s: shard %d/%d, ", filepath.Join(dir, fmt.Sprintf("part-%d.json", index)), index, shards)
		if !bytes.HasPrefix(out.Bytes(), []byte(want)) {
			t.Errorf("pod %d of %d printed %q, want %q...", index, shards, out.String(), want)
		}
	}
	sharded, whole := t.TempDir(), t.TempDir()
	n := job.Spec.Completions
	var parts []string
	for i := range n {
		run(sharded, i, n)
		parts = append(parts, filepath.Join(sharded, fmt.Sprintf("part-%d.json", i)))
	}
	run(whole, 0, 1)
	merged := report(t, parts...)
	if one := report(t, filepath.Join(whole, "part-0.json")); merged != one {
		t.Errorf("the merged shards' report:\n%s\nthe whole run's:\n%s", merged, one)
	}
}

// report is 'ruleplay analyze merge PARTS --json --timing=false'.
func report(t *testing.T, parts ...string) string {
	t.Helper()
	code, out, errOut := runMain(append([]string{"analyze", "merge", "--json", "--timing=false"}, parts...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s", code, errOut)
	}
	return out
}
