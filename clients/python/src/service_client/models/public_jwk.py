from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="PublicJwk")


@_attrs_define
class PublicJwk:
    """
    Attributes:
        kty (Literal['EC']):
        crv (Literal['P-256']):
        x (str): the x coordinate, base64url
        y (str): the y coordinate, base64url
        kid (str):
        alg (Literal['ES256']): decision 6: the local issuer signs ES256 JWTs
        use (Literal['sig']):
    """

    kty: Literal["EC"]
    crv: Literal["P-256"]
    x: str
    y: str
    kid: str
    alg: Literal["ES256"]
    use: Literal["sig"]

    def to_dict(self) -> dict[str, Any]:
        kty = self.kty

        crv = self.crv

        x = self.x

        y = self.y

        kid = self.kid

        alg = self.alg

        use = self.use

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kty": kty,
                "crv": crv,
                "x": x,
                "y": y,
                "kid": kid,
                "alg": alg,
                "use": use,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kty = cast(Literal["EC"], d.pop("kty"))
        if kty != "EC":
            raise ValueError(f"kty must match const 'EC', got '{kty}'")

        crv = cast(Literal["P-256"], d.pop("crv"))
        if crv != "P-256":
            raise ValueError(f"crv must match const 'P-256', got '{crv}'")

        x = d.pop("x")

        y = d.pop("y")

        kid = d.pop("kid")

        alg = cast(Literal["ES256"], d.pop("alg"))
        if alg != "ES256":
            raise ValueError(f"alg must match const 'ES256', got '{alg}'")

        use = cast(Literal["sig"], d.pop("use"))
        if use != "sig":
            raise ValueError(f"use must match const 'sig', got '{use}'")

        public_jwk = cls(
            kty=kty,
            crv=crv,
            x=x,
            y=y,
            kid=kid,
            alg=alg,
            use=use,
        )

        return public_jwk
