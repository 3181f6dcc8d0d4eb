"""The Django project; loading the Celery app here lets @shared_task bind to it."""

from config.celery import app as celery_app

__all__ = ("celery_app",)
