from service_sdk import ClassificationPlugin


class Broken(ClassificationPlugin)
    pass
