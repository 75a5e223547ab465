from django.contrib.auth import authenticate, login
from django.http import HttpResponse
from django.views.decorators.http import require_POST


@require_POST
def create(request):
    user = authenticate(request, username=request.POST["email"], password=request.POST["password"])
    if user is None:
        return HttpResponse(status=401)
    login(request, user)
    return HttpResponse(status=204)
