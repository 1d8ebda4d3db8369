from django.shortcuts import render


def home(request):
    """Landing page for visitors; signed-in players will see the lobby here."""
    return render(request, "home.html")
