from enum import StrEnum


class OntologyReportWarningCode(StrEnum):
    DESCRIPTION_CONTRADICTS_NAME = "description_contradicts_name"
    GENERIC_NAME = "generic_name"
    MAPS_TO_NOTHING = "maps_to_nothing"
    MEANING_DIFFERS = "meaning_differs"
    SAME_TYPE_AS_SIBLING = "same_type_as_sibling"

    def __str__(self) -> str:
        return str(self.value)
