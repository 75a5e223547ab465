Rails.application.routes.draw do
  resources :orders, only: %i[index show create]
  resources :carts, only: :update
  resources :users, only: :show
  resources :sessions, only: :create
  resources :products, only: %i[index show]
  get "search", to: "search#query"
  get "health", to: "health#check"
end
