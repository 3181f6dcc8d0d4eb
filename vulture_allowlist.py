"""Names vulture (`python3 dev.py test`) cannot see used, each with the reason it stays.

Frameworks read them by name (Django, DRF, Channels, Celery), or they are kept on purpose.
Add a name here only with its reason; anything else vulture reports is dead: remove it.
"""

from vulture.whitelist_utils import Whitelist

_ = Whitelist()

# Django admin: ModelAdmin classes registered with @admin.register, and their options
_.AccountAdmin  # registered with @admin.register(User)
_.RatingAdmin  # registered with @admin.register
_.RatingChangeAdmin  # registered with @admin.register
_.ApiTokenAdmin  # registered with @admin.register
_.TableAdmin  # registered with @admin.register
_.MatchAdmin  # registered with @admin.register
_.TableEventAdmin  # registered with @admin.register
_.ChatMessageAdmin  # registered with @admin.register
_.TournamentAdmin  # registered with @admin.register
_.ResultAdjustmentAdmin  # registered with @admin.register
_.list_display  # ModelAdmin option
_.list_filter  # ModelAdmin option
_.search_fields  # ModelAdmin option
_.raw_id_fields  # ModelAdmin option
_.autocomplete_fields  # ModelAdmin option
_.readonly_fields  # ModelAdmin option
_.inlines  # ModelAdmin option
_.has_add_permission  # ModelAdmin hook
_.has_change_permission  # ModelAdmin hook

# Django apps, URLs, models, forms, views, commands: read by name by the framework
_.AccountsConfig  # AppConfig, found by Django in accounts.apps
_.GamesConfig  # AppConfig, found by Django in games.apps
_.TournamentsConfig  # AppConfig, found by Django in tournaments.apps
_.verbose_name  # AppConfig and model Meta option
_.verbose_name_plural  # model Meta option
_.urlpatterns  # URLconf module attribute
_.app_name  # URLconf namespace
_.handler400  # URLconf error handler
_.handler403  # URLconf error handler
_.handler404  # URLconf error handler
_.handler500  # URLconf error handler
_.permission_denied  # handler403's view, named by its dotted path in config/urls.py
_.regex  # path converter attribute (tournaments.api_urls)
_.to_python  # path converter hook
_.to_url  # path converter hook
_.ordering  # model Meta option
_.constraints  # model Meta option
_.indexes  # model Meta option
_.get_by_natural_key  # user manager hook, called by Django's auth backend
_.country  # model field (written by forms and services, shown in templates)
_.created_by  # model field, written when a table is created (who made it, in the admin)
_.hands_played  # model field, written by the unit of work, read by the API and queries
_.last_seen  # model field, filtered on by name in the login guard
_.last_used_at  # model field, written on token use, shown on the profile page
_.registered_at  # model field, in Meta.ordering
_.filler  # model field, filtered on by name (stand-in entries)
_.adjudicated  # model field, set when a director decides a result, shown by the API
_.by  # model field: the organizer who adjusted a result, written by the director, in the admin
_.provisional  # model property and serializer field, shown in the rating templates
_.named_apart  # model property, read by the tournament template
_.house_rule_fields  # form method, read by the lobby template
_.clean  # form validation hook
_.clean_country  # form field validation hook
_.clean_time_zone  # form field validation hook
_.help_texts  # ModelForm Meta option
_.widgets  # ModelForm Meta option
_.input_type  # form widget attribute
_.required  # form field attribute, set in the form's __init__
_.help_text  # form field attribute, set in the form's __init__
_.disabled  # form field attribute, set in the view
_.form_class  # class-based view option
_.template_name  # class-based view option
_.redirect_authenticated_user  # LoginView option
_.next_page  # LogoutView option
_.email_template_name  # PasswordResetView option
_.subject_template_name  # PasswordResetView option
_.post_reset_login  # PasswordResetConfirmView option
_.success_url  # class-based view option
_.help  # management command help text
_.MaximumLengthValidator  # password validator named in settings.AUTH_PASSWORD_VALIDATORS
_.get_help_text  # password validator hook
_.validate  # password validator and DRF serializer hook
_.contract_words  # template tag, registered with @register.simple_tag
_.outcome_words  # template filter, registered with @register.filter
_.ranks_by_matchpoints  # format policy flag, read by the tournament templates
_.confirm  # organizer action's question, read by the tournament templates
_.title  # bracket column title, read by the bracket template

# Django settings and format modules: read by name
_.ASGI_APPLICATION  # Django setting
_.AUTH_PASSWORD_VALIDATORS  # Django setting
_.CACHES  # Django setting
_.CHANNEL_LAYERS  # Django setting
_.CSRF_COOKIE_SECURE  # Django setting
_.DATA_UPLOAD_MAX_MEMORY_SIZE  # Django setting
_.DEFAULT_AUTO_FIELD  # Django setting
_.DEFAULT_FROM_EMAIL  # Django setting
_.EMAIL_BACKEND  # Django setting
_.EMAIL_HOST_PASSWORD  # Django setting
_.EMAIL_HOST_USER  # Django setting
_.EMAIL_PORT  # Django setting
_.EMAIL_USE_TLS  # Django setting
_.FORMAT_MODULE_PATH  # Django setting
_.INSTALLED_APPS  # Django setting
_.LANGUAGE_COOKIE_AGE  # Django setting
_.LOCALE_PATHS  # Django setting
_.LOGGING  # Django setting
_.LOGIN_REDIRECT_URL  # Django setting
_.MIDDLEWARE  # Django setting
_.ROOT_URLCONF  # Django setting
_.SECURE_HSTS_SECONDS  # Django setting
_.SECURE_PROXY_SSL_HEADER  # Django setting
_.SECURE_REDIRECT_EXEMPT  # Django setting
_.SECURE_SSL_REDIRECT  # Django setting
_.SESSION_COOKIE_SECURE  # Django setting
_.STATICFILES_DIRS  # Django setting
_.STATIC_ROOT  # Django setting
_.STATIC_URL  # Django setting
_.STORAGES  # Django setting
_.TEMPLATES  # Django setting
_.TIME_ZONE  # Django setting
_.USE_I18N  # Django setting
_.USE_TZ  # Django setting
_.X_FRAME_OPTIONS  # Django setting
_.REST_FRAMEWORK  # Django REST framework settings
_.SPECTACULAR_SETTINGS  # drf-spectacular settings
_.CONTENT_SECURITY_POLICY  # django-csp settings
_.WHITENOISE_AUTOREFRESH  # WhiteNoise setting
_.WHITENOISE_USE_FINDERS  # WhiteNoise setting
_.CELERY_ACCEPT_CONTENT  # Celery setting (CELERY_ namespace)
_.CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP  # Celery setting (CELERY_ namespace)
_.CELERY_BROKER_URL  # Celery setting (CELERY_ namespace)
_.CELERY_RESULT_BACKEND  # Celery setting (CELERY_ namespace)
_.CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS  # Celery setting (CELERY_ namespace)
_.CELERY_RESULT_EXPIRES  # Celery setting (CELERY_ namespace)
_.CELERY_TASK_ACKS_LATE  # Celery setting (CELERY_ namespace)
_.CELERY_TASK_REJECT_ON_WORKER_LOST  # Celery setting (CELERY_ namespace)
_.CELERY_TASK_SERIALIZER  # Celery setting (CELERY_ namespace)
_.CELERY_TIMEZONE  # Celery setting (CELERY_ namespace)
_.CELERY_WORKER_PREFETCH_MULTIPLIER  # Celery setting (CELERY_ namespace)
_.DATETIME_FORMAT  # Bulgarian format module (config/formats/bg)
_.DATE_FORMAT  # Bulgarian format module (config/formats/bg)
_.DECIMAL_SEPARATOR  # Bulgarian format module (config/formats/bg)
_.FIRST_DAY_OF_WEEK  # Bulgarian format module (config/formats/bg)
_.NUMBER_GROUPING  # Bulgarian format module (config/formats/bg)
_.SHORT_DATETIME_FORMAT  # Bulgarian format module (config/formats/bg)
_.SHORT_DATE_FORMAT  # Bulgarian format module (config/formats/bg)
_.THOUSAND_SEPARATOR  # Bulgarian format module (config/formats/bg)
_.TIME_FORMAT  # Bulgarian format module (config/formats/bg)
_.JsonErrorsMiddleware  # middleware, named in settings.MIDDLEWARE
_.ProfileLanguageMiddleware  # middleware, named in settings.MIDDLEWARE
_.ViewerZoneMiddleware  # middleware, named in settings.MIDDLEWARE
_.FormOnlyAddressMiddleware  # middleware, named in settings.MIDDLEWARE
_.StaticFilesStorage  # static files storage, named in settings.STORAGES
_.support_js_module_import_aggregation  # ManifestStaticFilesStorage's switch, read by Django
_.RecheckSocketsMiddleware  # middleware, named in settings.MIDDLEWARE
_.Pagination  # DRF pagination class, named in settings.REST_FRAMEWORK
_.LimitedJSONParser  # DRF parser, named in settings.REST_FRAMEWORK
_.ApiSchema  # drf-spectacular schema class, named in settings.REST_FRAMEWORK
_.clear  # Django cache backend method (RedisCache, named in settings.CACHES)
_.create_pool  # channels-redis layer hook (named in settings.CHANNEL_LAYERS)

# Django REST framework: view and serializer attributes and hooks
_.serializer_class  # DRF view option
_.permission_classes  # DRF view option
_.throttle_classes  # DRF view option
_.throttle_scope  # DRF view option
_.lookup_field  # DRF view option
_.lookup_url_kwarg  # DRF view option
_.http_method_names  # DRF view option
_.get_queryset  # DRF view hook
_.perform_update  # DRF view hook
_.patch  # DRF view handler for HTTP PATCH
_.has_object_permission  # DRF permission hook
_.has_permission  # DRF permission hook
_.get_page_size  # DRF pagination hook
_.get_description  # drf-spectacular schema hook
_.get_summary  # drf-spectacular schema hook
_.read_only_fields  # ModelSerializer Meta option
_.validate_username  # DRF field validation hook
_.validate_old_password  # DRF field validation hook
_.validate_new_password  # DRF field validation hook
_.old_password  # serializer field
_.held_by_bot  # serializer field
_.replay_url  # serializer field
_.algorithm  # serializer field
_.best_perfect  # serializer field
_.best_view  # serializer field
_.loss  # serializer field
_.loss_perfect  # serializer field
_.loss_view  # serializer field
_.mean_loss_perfect  # serializer field
_.mean_loss_view  # serializer field
_.trend  # serializer field
_.paused  # serializer field
_.get_seats  # SerializerMethodField getter
_.get_snapshot  # SerializerMethodField getter
_.get_players  # SerializerMethodField getter
_.get_name  # SerializerMethodField getter
_.get_rating_changes  # SerializerMethodField getter
_.get_replay_url  # SerializerMethodField getter
_.media_type  # DRF parser.parse argument, unused by ours
_.parser_context  # DRF parser.parse argument, unused by ours

# Channels, Celery and signals: called by name or through a decorator
_.disconnect  # Channels consumer hook
_.bytes_data  # Channels receive() keyword argument, unused: the sockets speak JSON
_.notify  # Channels handler for layer messages of type 'notify'
_.account_changed  # Channels handler for layer messages of type 'account.changed'
_.sender  # signal receiver keyword argument, passed by Django
_.rate_when_a_match_ends  # signal receiver, connected with @receiver
_.finalize_when_a_match_ends  # signal receiver, connected with @receiver
_.leave_every_table  # signal receiver, connected with @receiver
_.take_along_the_guests_games  # signal receiver, connected with @receiver
_.the_tables_event  # signal receiver, connected with @receiver
_.refuse_while_in_an_event  # signal receiver, connected with @receiver
_.recheck_sockets_of_a_revoked_token  # signal receiver, connected with @receiver
_.sessions_clear  # Celery task, run by beat by its name (settings.CELERY_BEAT_SCHEDULE)
_.sweep_when_a_worker_starts  # Celery worker_ready handler, connected by decorator
_.load_compiled_bots  # Celery worker_process_init handler, connected by decorator
_.fixup  # Celery fixup entry point, named in the app's fixups
_.close_database  # Celery fixup hook

# Pure code kept on purpose
_.RANK_7  # one name per rank, unpacked together
_.RANK_8  # one name per rank, unpacked together
_.BELOTE  # the constant for one rule set of games.choices.Variant
_.EAST_WEST  # one of the two sides of a deal (Hands), named for holder()
_.greedy_card  # the kernel's greedy policy one card at a time: the tests' oracle for playouts
_.playable  # Bracket API, the elimination pairing tests drive brackets with it
_.champion  # Bracket API, the elimination pairing tests read the winner with it
_.tcp_url  # EmbeddedRedis over TCP, for the tests that cut the socket
_.__module__  # bench/boldness.py names its generated bot classes' module for pickling
_.RETURNED  # config/refusals.py: messages marked for makemessages only (the engine returns them)

# Read by makemessages, not by code: Django's words that our catalogs translate
_.DJANGO_WORDS  # accounts/django_words.py
