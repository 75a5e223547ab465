package main

import (
	"log"
	"net/http"
	"os"

	"github.com/newrelic/go-agent/v3/newrelic"
)

func main() {
	app, err := newrelic.NewApplication(
		newrelic.ConfigAppName("search-gateway"),
		newrelic.ConfigLicense(os.Getenv("NEW_RELIC_LICENSE_KEY")),
	)
	if err != nil {
		log.Fatal(err)
	}
	h := &handlers{backend: newBackend(os.Getenv("SEARCH_BACKEND_URL"))}
	mux := http.NewServeMux()
	// newrelic.WrapHandleFunc names each transaction after its pattern: WebTransaction/Go/GET /orders/{id}.
	mux.HandleFunc(newrelic.WrapHandleFunc(app, "POST /orders", h.createOrder))
	mux.HandleFunc(newrelic.WrapHandleFunc(app, "GET /orders/{id}", h.showOrder))
	mux.HandleFunc(newrelic.WrapHandleFunc(app, "GET /orders", h.listOrders))
	mux.HandleFunc(newrelic.WrapHandleFunc(app, "PUT /carts/{id}", h.updateCart))
	mux.HandleFunc(newrelic.WrapHandleFunc(app, "GET /users/{id}", h.showUser))
	mux.HandleFunc(newrelic.WrapHandleFunc(app, "POST /sessions", h.createSession))
	mux.HandleFunc(newrelic.WrapHandleFunc(app, "GET /products", h.listProducts))
	mux.HandleFunc(newrelic.WrapHandleFunc(app, "GET /products/{id}", h.showProduct))
	go reindexEvery(app, h.backend)
	log.Fatal(http.ListenAndServe(":8080", mux))
}
