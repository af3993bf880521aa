module github.com/ruleplay/ruleplay

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
)
