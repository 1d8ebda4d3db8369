from django.shortcuts import render


def home(request):
    return render(request, "home.html")


def profile(request, username):
    return render(request, "home.html")


def settings_page(request):
    return render(request, "home.html")
