"""The knowledge base of common business document types the zero-shot classifier maps a
customer's labels onto (names, synonyms and the vocabulary and structure cues of each type)."""

from __future__ import annotations

#: The knowledge base of common business document types (zero-shot prior). Each entry:
#: ``(key, family, names, cues)``. ``names`` are what a customer calls the type (synonyms,
#: multiword terms; matched against label names and descriptions and against the
#: document's title); ``cues`` are the vocabulary and structure phrases typical of its
#: text. ``family`` groups the contract kinds under ``contract``. Sources: the CUAD
#: agreement types (Hendrycks et al., NeurIPS 2021), the UNTDID 1001 document name codes
#: (invoice 380, credit note 381, purchase order 220, quote 310, receipt 632...), and the
#: usual wording of each kind in US commercial practice. Pronouns ("we", "you", "please")
#: are no cue of any type: every README, letter and e-mail has them (issue 33).
KNOWLEDGE_BASE: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("contract", "", ("contract", "agreement", "signed agreement", "legal agreement"), (
        "agreement", "parties", "party", "hereby", "whereas", "witnesseth", "in witness whereof",
        "by and between", "entered into", "shall", "term of this agreement", "terminate",
        "termination", "governed by", "governing law", "executed", "obligations",
        "representations and warranties", "indemnify", "counterparts", "effective date",
        "notices", "confidential information", "breach", "assignment", "signature",
        "authorized representative", "intending to be legally bound")),
    ("invoice", "", ("invoice", "bill", "rechnung", "facture", "tax invoice", "e-invoice",
                     "accounts payable"), (
        "invoice", "invoice number", "invoice date", "invoice no", "rechnung",
        "rechnungsnummer", "rechnungsdatum", "facture", "amount due", "total due", "subtotal",
        "vat", "ust", "mwst", "tva", "qty", "unit price", "net amount", "iban", "bic",
        "due date", "bill to", "ship to", "zahlbar",
        "betrag", "gesamtbetrag", "nettobetrag", "montant", "total ttc", "total ht", "pos",
        "artikel", "menge", "einzelpreis", "steuernummer", "net à payer", "order number")),
    ("credit_note", "", ("credit note", "credit memo", "gutschrift", "avoir"), (
        "credit note", "credit memo", "gutschrift", "avoir", "refund", "credited")),
    ("receipt", "", ("receipt", "payment receipt", "quittung", "reçu"), (
        "receipt", "paid", "payment received", "change", "cash", "card", "thank you")),
    ("quote", "", ("quote", "quotation", "estimate", "offer", "proposal", "angebot", "devis"), (
        "quotation", "quote", "valid until", "estimate", "offer", "angebot", "devis",
        "unit price", "total")),
    ("purchase_order", "", ("purchase order", "po", "order", "bestellung"), (
        "purchase order", "po number", "order date", "delivery date", "ship to", "bestellung",
        "quantity", "unit price")),
    ("policy", "", ("policy", "policies", "guidelines", "code of conduct"), (
        "policy", "this policy", "these guidelines", "users", "prohibited",
        "we reserve the right", "violation", "violate", "may not", "community", "behavior",
        "report abuse", "acceptable use", "code of conduct", "policy applies", "we may",
        "you may not", "you must", "your content", "our services", "your account",
        "terms of service", "terms of use", "privacy statement")),
    ("terms", "", ("terms", "terms of service", "terms of use", "terms and conditions",
                   "tos", "user agreement"), (
        "terms of service", "terms of use", "you agree", "your use", "these terms",
        "your account", "users", "by using", "your content", "you must", "we may",
        "our services", "you may not")),
    ("privacy_notice", "", ("privacy notice", "privacy policy", "privacy statement",
                            "data protection notice"), (
        "personal data", "personal information", "cookies", "gdpr", "data subject",
        "we collect", "information we collect", "your information", "data protection",
        "opt out", "your rights", "privacy")),
    ("report", "", ("report", "annual report", "analysis", "findings"), (
        "report", "summary", "findings", "results", "analysis", "figure", "table",
        "conclusion", "recommendations")),
    ("letter", "", ("letter", "correspondence"), (
        "dear", "sincerely", "yours truly", "regards")),
    ("resume", "", ("resume", "cv", "curriculum vitae"), (
        "experience", "education", "skills", "references")),
    ("bank_statement", "", ("bank statement", "account statement", "kontoauszug"), (
        "opening balance", "closing balance", "account number", "statement period")),
    # Contract kinds (family "contract").
    ("affiliate", "contract", ("affiliate", "affiliate agreement", "referral agreement",
                               "affiliate program", "referral", "referral program"), (
        "affiliate", "affiliate program", "referral", "referral fee", "commission", "links",
        "referred customers", "web site", "click")),
    ("agency", "contract", ("agency", "agency agreement", "agent", "sales agent",
                            "sales representative agreement"), (
        "agent", "sales agent", "principal", "appoints", "solicit orders", "commission",
        "sole agent", "exclusive agent", "agency")),
    ("co_branding", "contract", ("co-branding", "co-branded", "co-brand", "cobranding",
                                 "co branding agreement"), (
        "co-branded", "co-branding", "co-brand", "brand features", "marks", "logos",
        "co-branded site", "co-branded pages")),
    ("collaboration", "contract", ("collaboration", "collaboration agreement",
                                   "cooperation", "cooperation agreement",
                                   "research and development", "joint research"), (
        "collaboration", "joint steering committee", "research program",
        "development program", "milestone", "milestone payments", "commercialization",
        "royalties", "research plan", "collaboration compound")),
    ("consulting", "contract", ("consulting", "consulting agreement", "consultant",
                                "advisory", "advisor agreement"), (
        "consultant", "consulting services", "advisory services", "advisor",
        "independent contractor", "consulting fee", "hourly rate")),
    ("development", "contract", ("development", "development agreement",
                                 "software development"), (
        "develop", "development", "deliverables", "specifications", "development work",
        "acceptance testing", "prototype", "software development")),
    ("distributor", "contract", ("distributor", "distribution", "distribution agreement",
                                 "distributorship"), (
        "distributor", "distribution", "territory", "exclusive distributor", "resale",
        "purchase orders", "minimum purchase", "products")),
    ("endorsement", "contract", ("endorsement", "endorsement agreement", "endorser",
                                 "spokesperson"), (
        "endorse", "endorsement", "name and likeness", "likeness", "personal appearances",
        "image", "athlete", "spokesperson", "celebrity")),
    ("franchise", "contract", ("franchise", "franchise agreement", "franchising",
                                      "franchisee"), (
        "franchisee", "franchisor", "franchise fee", "franchised business", "royalty fee",
        "system", "operations manual", "franchise")),
    ("hosting", "contract", ("hosting", "hosting agreement", "web hosting", "hosted services",
                             "co-location"), (
        "hosting", "hosting services", "data center", "servers", "bandwidth", "uptime",
        "co-location", "hosted", "web site")),
    ("ip", "contract", ("ip", "intellectual property", "ip agreement", "patent assignment",
                        "trademark assignment", "ip assignment"), (
        "intellectual property", "assignment", "patents", "trademarks", "copyrights",
        "assigns", "patent", "assignor", "assignee")),
    ("joint_venture", "contract", ("joint venture", "jv", "joint venture agreement"), (
        "joint venture", "joint venture company", "capital contribution", "shareholders",
        "equity interest", "board of directors", "profits and losses")),
    ("license", "contract", ("license", "licence", "license agreement", "licensing",
                             "software license"), (
        "licensor", "licensee", "license", "licensed", "royalty", "royalties",
        "licensed products", "licensed technology", "sublicense", "grant of license")),
    ("maintenance", "contract", ("maintenance", "maintenance agreement", "support agreement",
                                 "maintenance and support"), (
        "maintenance", "support", "maintenance services", "support services", "repair",
        "updates", "service level", "technical support", "error correction")),
    ("manufacturing", "contract", ("manufacturing", "manufacturing agreement",
                                   "contract manufacturing", "manufacture"), (
        "manufacture", "manufacturer", "manufacturing", "production", "quality control",
        "specifications", "purchase orders", "forecast", "batch")),
    ("marketing", "contract", ("marketing", "marketing agreement", "advertising"), (
        "marketing", "advertising", "marketing services", "promote", "marketing plan",
        "campaign", "marketing fee")),
    ("non_compete", "contract", ("non-compete", "non-competition", "noncompetition",
                                 "covenant not to compete", "non-solicitation",
                                 "restrictive covenant"), (
        "non-competition", "non-compete", "covenant not to compete", "restricted period",
        "compete", "competing business", "non-solicitation", "restrictive covenants",
        "solicit")),
    ("outsourcing", "contract", ("outsourcing", "outsourcing agreement", "outsourced services"), (
        "outsourcing", "outsourced services", "service provider", "transition",
        "business process", "outsource", "service levels")),
    ("promotion", "contract", ("promotion", "co-promotion", "promotion agreement",
                               "promotional"), (
        "promotion", "co-promotion", "promote", "promotional", "promotional activities",
        "detailing", "sales representatives")),
    ("reseller", "contract", ("reseller", "reseller agreement", "value added reseller",
                              "resale agreement", "resale"), (
        "reseller", "resell", "value added reseller", "end users", "resale",
        "reseller price")),
    ("service", "contract", ("service", "services", "service agreement",
                             "services agreement", "master services agreement"), (
        "services", "service provider", "statement of work", "fees", "provide services",
        "customer", "scope of services")),
    ("sponsorship", "contract", ("sponsorship", "sponsor", "sponsorship agreement"), (
        "sponsorship", "sponsor", "sponsorship fee", "official sponsor", "event", "signage",
        "naming rights", "team")),
    ("strategic_alliance", "contract", ("strategic alliance", "alliance", "partnership",
                                        "strategic partnership"), (
        "strategic alliance", "alliance", "alliance partner", "cooperation",
        "strategic partnership", "alliance manager")),
    ("supply", "contract", ("supply", "supply agreement", "supplier agreement",
                                                        "procurement"), (
        "supply", "supplier", "supplies", "purchase orders", "forecast", "delivery", "buyer",
        "products", "purchase price")),
    ("transportation", "contract", ("transportation", "transport", "shipping", "carriage",
                                    "freight", "logistics"), (
        "transportation", "carrier", "shipper", "transport", "freight", "pipeline",
        "shipping", "cargo", "vessel")),
    ("nda", "contract", ("non-disclosure", "nondisclosure", "nda", "confidentiality",
                         "confidentiality agreement", "non-disclosure agreement",
                         "secrecy agreement", "mutual nda", "secrecy"), (
        "confidential information", "disclosing party", "receiving party",
        "proprietary information", "trade secrets", "confidentiality", "non-disclosure",
        "nondisclosure", "evaluation material", "recipient", "disclose")),
    ("amendment", "contract", ("amendment", "addendum", "amendment agreement", "modification"), (
        "amendment", "amended", "hereby amended", "addendum", "original agreement",
        "except as amended")),
    ("statement_of_work", "contract", ("statement of work", "sow", "work order"), (
        "statement of work", "deliverables", "milestones", "project", "acceptance")),
    ("employment", "contract", ("employment", "employment agreement", "offer letter",
                                "employee agreement"), (
        "employee", "employer", "salary", "base salary", "employment", "bonus",
        "vacation", "benefits")),
    ("lease", "contract", ("lease", "rental agreement", "tenancy", "sublease"), (
        "landlord", "tenant", "lessor", "lessee", "premises", "rent", "leased premises")),
    ("loan", "contract", ("loan", "credit agreement", "loan agreement", "promissory note"), (
        "borrower", "lender", "principal amount", "interest rate", "repayment", "loan")),
    ("purchase_agreement", "contract", ("purchase agreement", "sale agreement",
                                        "asset purchase", "stock purchase"), (
        "purchaser", "seller", "purchase price", "closing", "assets", "shares")),
)


#: Type names that map a label onto a type but are not searched in documents: as words of
#: a document they mostly mean something else ("the terms of this Agreement").
MAPPING_ONLY = frozenset(["terms", "order", "offer", "statement", "service", "services",
                          "development", "supply", "marketing", "promotion", "maintenance",
                          "license", "transport"])


#: Kinds that are a document's primary kind when its title names them with others. A title
#: joining several kinds names one agreement that does several things; these kinds decide what
#: it is filed as: "Amendment No. 2 to the Supply Agreement" is an amendment, and a
#: "Non-Competition, Non-Solicitation and Confidentiality Agreement" is a confidentiality
#: agreement with restrictive covenants (the usual filing of contract-management
#: taxonomies). Other kinds: the one the title names first.
TITLE_PRECEDENCE: dict[str, int] = {"amendment": 2, "nda": 1}

#: What each kind is, in a sentence of common commercial usage: read beside the
#: kind's names when a customer's label is read as a sentence (:func:`.prototypes.readings`),
#: so that a label worded by what the contract does ("A vendor builds custom software for us")
#: finds its kind, not only one worded by the kind's name.
GLOSSES: dict[str, str] = {
    "contract": "a legally binding agreement signed between parties, with obligations, terms "
                "and signatures",
    "invoice": "a seller bills a buyer for goods or services delivered, stating the amount due "
               "and payment terms",
    "credit_note": "a seller credits or refunds a buyer for returned goods or an overcharge",
    "receipt": "proof that a payment was received, issued after paying",
    "quote": "a seller's offer of prices for goods or services, before an order",
    "purchase_order": "a buyer orders goods or services from a supplier, with quantities and "
                      "prices",
    "policy": "rules and guidelines an organisation sets for its staff or users, such as a code "
              "of conduct or security policy",
    "terms": "the terms and conditions a user accepts to use a website or service",
    "privacy_notice": "how an organisation collects, uses and protects personal data",
    "report": "an analysis or account of results, findings or performance",
    "letter": "a letter or message written from one person or company to another",
    "resume": "a person's work experience, education and skills, for a job application",
    "bank_statement": "a bank lists the transactions and balance of an account over a period",
    "affiliate": "a partner earns a commission or fee for referring customers or sales",
    "agency": "an agent or sales representative is appointed to act or sell on the principal's "
              "behalf",
    "co_branding": "two companies put both of their brands on a joint product, card or "
                   "campaign",
    "collaboration": "companies work together on joint research, development or a project",
    "consulting": "an expert consultant or advisor gives advice for a fee",
    "development": "a developer designs and builds custom software, technology or a product "
                   "for a customer",
    "distributor": "a distributor buys the supplier's products and resells them in a "
                   "territory",
    "endorsement": "a celebrity, athlete or public figure endorses a brand and lends their "
                   "name and likeness",
    "franchise": "a franchisee operates a business under the franchisor's brand and system "
                 "for fees",
    "hosting": "a provider runs websites, applications or servers in its data centre or cloud",
    "ip": "patents, trademarks, copyrights or other intellectual property are assigned or "
          "transferred",
    "joint_venture": "two or more parties form and jointly own a new business entity",
    "license": "a licensor grants the right to use software, patents, trademarks or content "
               "for royalties",
    "maintenance": "a provider maintains, supports, repairs and updates equipment or software",
    "manufacturing": "a manufacturer produces goods to the customer's specifications",
    "marketing": "a party markets, advertises or generates leads for another's products",
    "non_compete": "a party promises not to compete or solicit employees or customers",
    "outsourcing": "a provider takes over a business process or function for the customer",
    "promotion": "a party promotes or co-promotes another's product to customers",
    "reseller": "a reseller buys products or licences and resells them to end users",
    "service": "a provider performs services for a customer for fees",
    "sponsorship": "a sponsor pays to support an event, team or organisation in return for "
                   "publicity",
    "strategic_alliance": "companies form a long-term strategic alliance or partnership to "
                          "pursue shared goals",
    "supply": "a supplier sells and delivers goods or materials to a buyer over time",
    "transportation": "a carrier transports and ships goods or freight",
    "nda": "the parties keep each other's confidential information secret",
    "amendment": "an existing agreement is amended, modified or supplemented",
    "statement_of_work": "the work, deliverables and fees of a project under a master "
                         "agreement are set out",
    "employment": "an employer hires an employee for salary and benefits",
    "lease": "a landlord lets property or equipment to a tenant for rent",
    "loan": "a lender lends money to a borrower who repays it with interest",
    "purchase_agreement": "a buyer acquires a company's assets or shares from a seller",
}
