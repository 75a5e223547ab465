package main

import (
	"encoding/json"
	"net/http"
)

type handlers struct {
	backend *backend
}

func (h *handlers) createOrder(w http.ResponseWriter, r *http.Request) {
	h.backend.forward(w, r, "/orders")
}

func (h *handlers) showOrder(w http.ResponseWriter, r *http.Request) {
	h.backend.forward(w, r, "/orders/"+r.PathValue("id"))
}

func (h *handlers) listOrders(w http.ResponseWriter, r *http.Request) {
	h.backend.forward(w, r, "/orders?"+r.URL.RawQuery)
}

func (h *handlers) updateCart(w http.ResponseWriter, r *http.Request) {
	h.backend.forward(w, r, "/carts/"+r.PathValue("id"))
}

func (h *handlers) showUser(w http.ResponseWriter, r *http.Request) {
	h.backend.forward(w, r, "/users/"+r.PathValue("id"))
}

func (h *handlers) createSession(w http.ResponseWriter, r *http.Request) {
	h.backend.forward(w, r, "/sessions")
}

func (h *handlers) listProducts(w http.ResponseWriter, r *http.Request) {
	results, err := h.backend.search(r.Context(), r.URL.Query().Get("q"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(results)
}

func (h *handlers) showProduct(w http.ResponseWriter, r *http.Request) {
	h.backend.forward(w, r, "/products/"+r.PathValue("id"))
}
