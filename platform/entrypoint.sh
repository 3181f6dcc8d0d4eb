#!/bin/sh
# One image, five roles: `release` (migrate; run once per deployment, before the others), `web`
# (uvicorn), `worker`, `analysis` (hand analyses, low priority) and `beat` (exactly one);
# anything else runs as given.
set -eu

case "${1:-web}" in
  release)
    exec python manage.py migrate --noinput
    ;;
  web)
    # X-Forwarded-For is believed only from FORWARDED_ALLOW_IPS (the proxy's address): from
    # anyone else it is ignored, so sign-in brakes and throttles count the real client.
    exec uvicorn config.asgi:application \
      --host 0.0.0.0 --port "${PORT:-8000}" --workers "${WEB_CONCURRENCY:-2}" \
      --lifespan off --proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1}" \
      --ws-max-size 1048576
    ;;
  worker)
    exec celery -A config worker --loglevel INFO --concurrency "${WORKER_CONCURRENCY:-2}"
    ;;
  analysis)
    # Hand analyses: their own queue and the lowest CPU priority, never in live play's way.
    exec nice -n 19 celery -A config worker --loglevel INFO --hostname "analysis@%h" \
      --concurrency "${ANALYSIS_CONCURRENCY:-1}" --queues "${CELERY_QUEUE:-celery}-analysis"
    ;;
  beat)
    exec celery -A config beat --loglevel INFO --schedule "${VAR_DIR:-/app/var}/celerybeat-schedule"
    ;;
  *)
    exec "$@"
    ;;
esac
