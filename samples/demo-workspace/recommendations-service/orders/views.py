from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET, require_POST

from .models import Order
from .recommend import similar_orders


@login_required
@require_GET
def index(request):
    orders = Order.objects.filter(user=request.user).order_by("-created_at")[:50]
    return JsonResponse({"orders": [o.as_dict() for o in orders]})


@login_required
@require_GET
def show(request, id):
    order = get_object_or_404(Order, pk=id, user=request.user)
    return JsonResponse({"order": order.as_dict(), "also_bought": similar_orders(order, limit=8)})


@login_required
@require_POST
def create(request):
    order = Order.objects.create_from_cart(request.user, request.POST["cart_id"])
    return JsonResponse({"id": order.pk}, status=201)
