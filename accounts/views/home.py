from django.shortcuts import redirect, render


def home(request):
    """Landing page for visitors; a signed-in player goes straight to their games."""
    if request.user.is_authenticated:
        return redirect("my_games")
    return render(request, "home.html")
