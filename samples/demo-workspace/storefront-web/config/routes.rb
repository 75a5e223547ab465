Rails.application.routes.draw do
  resources :orders, only: %i[index show create] do
    get :summary, on: :collection
  end
  resources :carts, only: :update
  resources :users, only: :show
  resources :sessions, only: :create
  resources :products, only: %i[index show]
  get "search", to: "search#query"
  post "partners/callback", to: "partners#callback"
end
