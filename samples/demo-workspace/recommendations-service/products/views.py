from django.http import JsonResponse
from django.shortcuts import get_object_or_404

from orders.recommend import frequently_bought_with

from .models import Product


def index(request):
    products = Product.objects.filter(in_stock=True).order_by("name")[:48]
    return JsonResponse({"products": [p.as_dict() for p in products]})


def show(request, id):
    product = get_object_or_404(Product, pk=id)
    return JsonResponse({"product": product.as_dict(), "bought_with": frequently_bought_with(product)})
