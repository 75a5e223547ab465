from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.views.decorators.http import require_POST

from .gateway import PaymentDeclined, gateway


@login_required
@require_POST
def authorize(request):
    try:
        charge = gateway.authorize(request.POST["order_id"], token=request.POST["token"])
    except PaymentDeclined as declined:
        return JsonResponse({"error": str(declined)}, status=402)
    return JsonResponse({"authorization": charge.id})
