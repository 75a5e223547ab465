module example.com/search-gateway

go 1.22

require github.com/newrelic/go-agent/v3 v3.35.0
