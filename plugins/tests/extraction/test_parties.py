"""Party finders on preambles as real contracts word them (CUAD and Kleister NDA, tuning half)."""

from __future__ import annotations

import pytest

from service_builtins.extraction.parties import (
    find_individual_signatories,
    find_parties,
    find_parties_defined,
    find_parties_labelled,
    find_parties_made_by,
    find_parties_signing,
)
from service_builtins.extraction.rules import rule_extract
from service_builtins.extraction.text import NormText


def test_labelled_parties_of_a_contract_drafted_in_china() -> None:
    text = ("Exhibit 10.10 Road Transportation Agreement Party A (Shipper): ZTO Express Co., Ltd. "
            "Address: Building 1, No. 1685, Huazhi Road, Qingpu District, Shanghai Party B "
            "(Carrier): Tonglu Tongze Logistics Ltd. Address: 12 Floor, HSBC Tower, Tonglu County "
            "Due to the need for logistics business, Party A and Party B enter into this Road "
            "Transportation Agreement")
    found = find_parties_labelled(NormText(text))
    assert found is not None
    assert found[0] == ["ZTO Express Co., Ltd.", "Tonglu Tongze Logistics Ltd."]


def test_a_labelled_name_ends_after_its_suffix_on_a_cover_page() -> None:
    text = ("Cooperation Agreement Party A: Beike Internet (Beijing) Security Technology Co., Ltd. "
            "Party B: Baidu Online Network Technology (Beijing) Co., Ltd. April 2013 1 This "
            "Cooperation Agreement is executed by and between the parties below in Haidian "
            "District, Beijing, the People's Republic of China (hereinafter referred to as "
            "\"PRC\"):")
    data, _ = rule_extract(text, {"parties"})
    assert data["parties"] == ["Beike Internet (Beijing) Security Technology Co., Ltd.",
                               "Baidu Online Network Technology (Beijing) Co., Ltd."]


@pytest.mark.parametrize(("form", "parties"), [
    # an order form's cover labels its parties by role (decision 259)
    ("ORDER FORM Customer: Acme Inc. Supplier: Beta LLC Effective Date: June 1, 2005",
     ["Acme Inc.", "Beta LLC"]),
    ("SERVICES AGREEMENT Client Name: Jane Doe Consulting Service Provider: Beta Systems "
     "GmbH Address: Hauptstrasse 1, Berlin", ["Jane Doe Consulting", "Beta Systems GmbH"]),
    # decision 304: the sentence's dot after a legal form written without one
    ("ORDER FORM. Customer: Beta LLC. Provider: Acme Inc. Order Date: March 1, 2021.",
     ["Beta LLC", "Acme Inc."]),
])
def test_parties_labelled_by_role_on_a_form(form: str, parties: list[str]) -> None:
    found = find_parties_labelled(NormText(form + " 1. Services. The Supplier shall deliver."))
    assert found is not None
    assert found[0] == parties


def test_one_label_is_not_a_list_of_parties() -> None:
    assert find_parties_labelled(NormText(
        "Party A: Acme Ltd. shall deliver the goods to the buyer.")) is None


def test_numbered_parties_with_their_addresses() -> None:
    uk = find_parties(NormText(
        "THIS AGREEMENT is entered into between the parties on 1 April, 2020. PARTIES (1) "
        "Theravance Biopharma UK Limited is a company registered in the United Kingdom and whose "
        "registered office is at 12 New Fetter Lane, London (the \"Employer\"); and (2) Brett "
        "Haumann of [address removed] (the \"Executive\"). AGREED TERMS 1. Definitions"))
    assert uk is not None
    assert uk[0] == ["Theravance Biopharma UK Limited", "Brett Haumann"]
    australian = find_parties(NormText(
        "THIS AGREEMENT is dated Parties (1) Signature Orthopaedics Pty Ltd (ACN 106 702 416) , 7 "
        "Sirius Road, Lane Cove, NSW (2) CPM Medical Consultants, LLC of 1565N. Central "
        "Expressway, Suite 200, Dallas, TX 75080. Background The Supplier wishes"))
    assert australian is not None
    assert australian[0] == ["Signature Orthopaedics Pty Ltd", "CPM Medical Consultants, LLC"]


def test_a_list_lettered_inside_a_definition_is_no_list_of_parties() -> None:
    text = ("in the ordinary course of business between the Company or any Company Affiliates, on "
            "one hand, and you or any of the Louis Dreyfus Commodities Affiliates on the other "
            "hand. (e) \"LDC Affiliate\" means Louis Dreyfus Commodities LLC and those Persons")
    assert find_parties(NormText(text)) is None


def test_an_address_after_the_company_suffix_is_not_part_of_the_name() -> None:
    found = find_parties(NormText(
        "PHOTO RETOUCHING OUTSOURCING AGREEMENT Between: DGT Corp. Suite 207 - 1130 Austin "
        "Avenue, Coquitlam, British Columbia, Canada V3K 3P5 (hereinafter referred to as \"DGT\") "
        "And: Dolphin Industries Limited Room 1302 Golden Gate Commercial Bldg 136 Austin Road "
        "Tsimshatsui, Hong Kong (hereinafter referred to as \"Dolphin\") WHEREAS: DGT is"))
    assert found is not None
    assert found[0] == ["DGT Corp.", "Dolphin Industries Limited"]


def test_the_company_of_a_one_sided_undertaking() -> None:
    cases = [
        ("As an associate of Ann Taylor, Inc. (the \"Company\"), you will have access to trade "
         "secrets", "Ann Taylor, Inc."),
        ("In order for Sears, Roebuck and Co., including its subsidiaries (collectively referred "
         "to as \"Sears'' or the \"Company\"), to maintain a competitive edge",
         "Sears, Roebuck and Co."),
        ("As a condition of my relationship with Control4 Corporation, its subsidiaries, "
         "affiliates, successors or assigns (together the \"Company\"), I agree",
         "Control4 Corporation"),
        ("continued employment with or provision of services to J. Crew Group, Inc. and its "
         "affiliates (collectively, the \"Company\") and for other good and valuable consideration",
         "J. Crew Group, Inc."),
    ]
    for text, name in cases:
        found = find_parties_defined(NormText(text), least=1)
        assert found is not None, text
        assert found[0] == [name]


def test_a_party_named_beside_the_undersigned() -> None:
    text = ("NON-DISCLOSURE AGREEMENT THIS AGREEMENT is made by and between Heidrick & Struggles, "
            "Inc., a Delaware Corporation (hereinafter H&S), and the undersigned (hereinafter "
            "\"Second Party\"). WHEREAS, H&S has been investing considerable capital")
    data, _ = rule_extract(text, {"parties"})
    assert data["parties"] == ["Heidrick & Struggles, Inc."]


def test_the_party_before_its_description_not_its_jurisdiction() -> None:
    text = ("dated as of January 1, 2004, that FEDERATED INVESTMENT MANAGEMENT COMPANY, a "
            "statutory trust duly organized under the laws of the State of Delaware "
            "(the \"Adviser\"), does hereby nominate")
    found = find_parties_defined(NormText(text), least=1)
    assert found is not None
    assert found[0] == ["FEDERATED INVESTMENT MANAGEMENT COMPANY"]
    assert find_parties_defined(NormText(
        "shall be construed under the laws of the State of Delaware (the \"Governing Law\")"),
        least=1) is None


def test_a_representative_is_no_party() -> None:
    text = ("by and between Aduro Biotech, Inc., having its principal place of business at 740 "
            "Heinz Avenue, Berkeley, CA 94710 (\"Aduro\") and IREYA B.V having an address at "
            "Staalwijkstraat 16, 2313 XR Leiden, the Netherlands, represented by Andrea van Elsas, "
            "(\"Consultant\") agree to all terms and conditions of this Consulting Agreement.")
    found = find_parties_defined(NormText(text), least=1)
    assert found is not None
    assert "Andrea van Elsas" not in found[0]
    assert "IREYA B.V" in found[0]


def test_a_name_ends_before_of_and_its_address() -> None:
    found = find_parties(NormText(
        "DEVELOPMENT AGREEMENT between LEO PHARMA A/S of Industriparken 55, DK-2750 Ballerup, "
        "Denmark (hereinafter referred to as \"LEO\") --- and GALEN (CHEMICALS) LIMITED of 4 "
        "Adelaide Street, Dun Laoghaire, Co. Dublin, Ireland (hereinafter referred to as "
        "\"GALEN\"). Capitalized terms not otherwise defined herein"))
    assert found is not None
    assert found[0] == ["LEO PHARMA A/S", "GALEN"]


def test_a_street_in_a_letter_head_is_no_party() -> None:
    text = ("CONFIDENTIALITY AGREEMENT Exhibit 7.1 March 21, 2011 Leonard Green & Partners, L.P. "
            "11111 Santa Monica Boulevard Suite 2000 Los Angeles, California 90025 Ladies and "
            "Gentlemen: In connection with your consideration of a possible transaction")
    data, _ = rule_extract(text, {"parties"})
    assert data["parties"] == ["Leonard Green & Partners, L.P."]


def test_an_employee_who_signs_in_their_own_name_is_a_party() -> None:
    # Kleister NDA 84f7a5e2: the preamble names the company; the employee is "you"
    text = ("As an associate of Verso Paper Holdings LLC (the \"Company\"), you will have access "
            "to confidential information. " + "Terms apply. " * 20 + "VERSO PAPER HOLDINGS LLC "
            "By: /s/ Michael A. Jackson Michael A. Jackson President and Chief Executive Officer "
            "/s/ Peter H. Kesser Peter H. Kesser 7 EXHIBIT A EMPLOYMENT-RELATED")
    data, _ = rule_extract(text, {"parties"})
    assert data["parties"] == ["Verso Paper Holdings LLC", "Peter H. Kesser"]


def test_officers_and_letter_senders_do_not_sign_in_their_own_name() -> None:
    letter = "Sincerely, /s/ David N. Farr David N. Farr Chairman & Chief Executive Officer"
    assert find_individual_signatories(NormText(letter)) == ([], [])
    assert find_individual_signatories(NormText(
        "LIMITED By: /s/ Franz Wolf Name: Franz Wolf Title: Director")) == ([], [])
    assert find_individual_signatories(NormText(
        "/s/ Richard Schwartz Richard Schwartz COO 5/5/2006")) == ([], [])


def test_a_clause_or_a_role_is_no_party() -> None:
    # CUAD Usio affiliate agreement: the sentence after the preamble is no third party
    found = find_parties(NormText(
        "THIS AGREEMENT is entered into by and between NETWORK 1 FINANCIAL, INC. (\"NETWORK 1\"), "
        "a Virginia Corporation with its principal place of business at 1501 Farm Credit Drive, "
        "Suite 1500, McLean, Virginia 22102-5004, and Payment Data Systems, Inc., the Affiliate "
        "Office (\"AFFILIATE\"), a Nevada Corporation with its principal place of business at "
        "12500 San Pedro Suite 120 San Antonio, TX 78216. NETWORK 1 and Affiliate hereby agree "
        "as follows: RECITALS WHEREAS, Network 1 Financial, Inc. (\"Network 1\") provides"))
    assert found is not None
    assert found[0] == ["NETWORK 1 FINANCIAL, INC.", "Payment Data Systems, Inc."]
    # Kleister NDA 86a578a6: a role in place of a name
    assert find_parties_defined(NormText(
        "The party disclosing information shall be referred to herein as the \"Disclosing "
        "Party\" and the party receiving information shall be referred to as the \"Receiving "
        "Party.\""), least=1) is None


def test_a_company_with_its_divisions_and_affiliates() -> None:
    # Kleister NDA 00a1d238
    found = find_parties(NormText(
        "COVENANT NOT TO COMPETE AND NON-DISCLOSURE AGREEMENT PARTIES: Eric Dean Sprunk "
        "(\"EMPLOYEE\") and NIKE, Inc., divisions, subsidiaries and affiliates. (\"NIKE\"): "
        "RECITALS: A. This Covenant"))
    assert found is not None
    assert found[0] == ["Eric Dean Sprunk", "NIKE, Inc."]


def test_and_inside_a_name() -> None:
    # CUAD Imperial Garden outsourcing contract
    found = find_parties_defined(NormText(
        "Outsourcing Contract on Development of Miaoli Royal Resort Hotel The Covenanter: The "
        "HUANG JIA Country CLUB and Recreation Inc. (hereinafter referred to as Party A) and the "
        "Covenanter: Chang Chen- Bin Architects Office (hereinafter referred to as Party B) "
        "hereby agree to establish the following terms"), least=1)
    assert found is not None
    assert found[0][0] == "The HUANG JIA Country CLUB and Recreation Inc."


def test_a_defined_term_after_other_words_in_its_parenthesis() -> None:
    # CUAD Old API Wind-down agency agreement
    found = find_parties_defined(NormText(
        "Dear Mr. Harris: The undersigned, Dundee Securities Ltd. (the \"Lead Agent\"), Kes 7 "
        "Capital Inc., and Bloom Burton & Co. Ltd. (collectively with the Lead Agent, the "
        "\"Agents\" and each individually an \"Agent\") understand that Tribute Pharmaceuticals "
        "Canada Inc. (the \"Corporation\") proposes"))
    assert found is not None
    assert found[0] == ["Dundee Securities Ltd.", "Bloom Burton & Co. Ltd.",
                        "Tribute Pharmaceuticals Canada Inc."]


def test_the_organisations_that_sign_a_joint_filing_agreement() -> None:
    # CUAD Galera Therapeutics joint filing agreement: no preamble names the filers
    text = ("JOINT FILING AGREEMENT In accordance with Rule 13d-1(k)(1) under the Securities "
            "Exchange Act of 1934, the undersigned hereby agree to the joint filing of a "
            "statement on Schedule 13G. " + "Terms apply. " * 10 + "IN WITNESS WHEREOF, the "
            "undersigned hereby execute this Agreement this 14th day of February 2020. CLARUS "
            "IV-A, L.P. By: Clarus IV GP, L.P., its general partner By: /s/ John G. Finley Name: "
            "John G. Finley Title: Chief Legal Officer CLARUS IV-B, L.P. By: Clarus IV GP, L.P., "
            "its general partner By: /s/ John G. Finley")
    data, _ = rule_extract(text, {"parties"})
    assert data["parties"] == ["CLARUS IV-A, L.P.", "CLARUS IV-B, L.P."]
    # two signature columns of one name read as one
    found = find_parties_signing(NormText(
        "IN WITNESS WHEREOF Dated: January 7, 2019 ARES TRADING SA ARES TRADING SA By: /s/ "
        "Cédric Hyde By: /s/ Luigia Bocola"))
    assert found is not None
    assert found[0] == ["ARES TRADING SA"]


def test_a_letter_addressed_to_one_party_is_signed_by_the_other() -> None:
    # Kleister NDA f1bfe37d: the head names the addressee only; the sender signs the letter
    text = ("CONFIDENTIALITY AGREEMENT March 21, 2011 Leonard Green & Partners, L.P. 11111 Santa "
            "Monica Boulevard Suite 2000 Los Angeles, California 90025 Ladies and Gentlemen: In "
            "connection with your consideration of a possible transaction. " + "Terms. " * 80
            + "Very truly yours, BJ's Wholesale, Inc. By: /S/ LON POVICH Name: Lon Povich Title: "
            "Executive Vice President and General Counsel Accepted and agreed as of the date first "
            "written above: Leonard Green & Partners, L.P. By: LGP Management, Inc., its General "
            "Partner By: /S/ JONATHAN A. SEIFFER")
    data, _ = rule_extract(text, {"parties"})
    assert data["parties"] == ["Leonard Green & Partners, L.P.", "BJ's Wholesale, Inc."]


@pytest.mark.parametrize(("preamble", "names"), [
    # common wordings neither half of the corpus uses (decision 253): a continental address
    # after the company, an "AND:" heading before the second party
    ('This Agreement is made between Acme GmbH, Hauptstrasse 1, 10115 Berlin, Germany '
     '(hereinafter "Supplier") and Beta S.A., 1 rue de la Paix, 75002 Paris, France '
     '(hereinafter "Customer").', ["Acme GmbH", "Beta S.A."]),
    ('BETWEEN: ACME LIMITED, a company incorporated in England (company number 123456) whose '
     'registered office is at 1 High Street, London ("Acme"); AND: BETA PTY LTD (ACN 123 456 '
     '789) of 2 George Street, Sydney ("Beta").', ["ACME LIMITED", "BETA PTY LTD"]),
    # decision 267: more of Europe's legal forms, the seat alone before the defined term
    ('This agreement is made between Acme Sp. z o.o. ("Acme") and Beta s.r.o. ("Beta").',
     ["Acme Sp. z o.o.", "Beta s.r.o."]),
    ('This agreement is made between Acme AG, Zurich ("Acme") and Beta SARL, Geneva ("Beta").',
     ["Acme AG", "Beta SARL"]),
    # decision 280: the English form's numbered parties, the Dutch "The undersigned:", a
    # numbered list after "BETWEEN" (cuad/txt/HEALTHGATEDATACORP_11_24_1999-EX-10.1, tuning half)
    ("PARTIES (1) ACME LIMITED incorporated and registered in England and Wales with company "
     "number 12345 whose registered office is at 1 High Street, London (Supplier). (2) BETA PLC "
     "incorporated and registered in England and Wales with company number 67890 (Customer).",
     ["ACME LIMITED", "BETA PLC"]),
    ('The undersigned: 1. Acme B.V., having its registered office in Amsterdam, hereinafter '
     '"Acme"; and 2. Beta N.V., having its registered office in Rotterdam, hereinafter "Beta"; '
     "have agreed as follows:", ["Acme B.V.", "Beta N.V."]),
    ('This AGREEMENT is made the 20 March day of 1998 BETWEEN 1. HealthGate Data Corp., a '
     'Delaware corporation ("HealthGate"), having an address at 380 Pleasant Street, Malden, '
     'Massachusetts, 02148, USA AND 2. Blackwell Science Limited a company registered in England '
     '("Blackwell"), whose registered office is Osney Mead, Oxford OX2 OEL, England, and '
     'Munksgaard A/S, a company registered in Denmark ("Munksgaard") WHEREAS:',
     ["HealthGate Data Corp.", "Blackwell Science Limited", "Munksgaard A/S"]),
    # decision 292: the agreement's date after the last company's name
    ("This Agreement is made between Acme Corp. and Beta Inc. on June 1, 2005.",
     ["Acme Corp.", "Beta Inc."]),
    ("This Agreement is made between Acme Corp. and Beta Holdings, L.P. as of June 1, 2005.",
     ["Acme Corp.", "Beta Holdings, L.P."]),
    ("This Agreement is made between Acme Corp. and Beta Inc. effective June 1, 2005.",
     ["Acme Corp.", "Beta Inc."]),
    # decision 296: "dated (as of)" / "made (on)" after the last name; three companies, each
    # described after a comma; a name that opens with "On"
    ("This Agreement is between Acme Inc. and Beta LLC, dated as of June 1, 2005.",
     ["Acme Inc.", "Beta LLC"]),
    ("This Agreement by and between Acme Inc. and Beta LLC dated June 1, 2005 sets out the terms.",
     ["Acme Inc.", "Beta LLC"]),
    ('This Services Agreement is made and entered into as of the 1st day of June, 2005 by and '
     'among Acme Inc., a Delaware corporation, Beta LLC, a Texas limited liability company, and '
     'Gamma Corp., a Nevada corporation.', ["Acme Inc.", "Beta LLC", "Gamma Corp."]),
    ("This agreement is between On Semiconductor Inc., a Delaware corporation, and Beta LLC, a "
     "Texas limited liability company.", ["On Semiconductor Inc.", "Beta LLC"]),
    # decision 303: the name ends before "on behalf of"
    ('This Agreement is made as of June 1, 2005 between Acme Inc., on behalf of itself and its '
     'Affiliates ("Acme"), and Beta LLC ("Beta").', ["Acme Inc.", "Beta LLC"]),
    # decision 305: a person's street address after a comma; "England and Wales" is one place
    ('CONSULTING AGREEMENT Date: 1 June 2005 Between: Acme Inc., 100 Main Street, Boston '
     '("Client") and John Smith, 12 Oak Lane, Springfield ("Consultant").',
     ["Acme Inc.", "John Smith"]),
    ('THIS AGREEMENT is made on 25 September 2018 BETWEEN: (1) Acme Capital, L.P. a Delaware '
     'limited partnership of 333 South Grand Avenue, Los Angeles ("Acme"); and (2) Beta Capital '
     '(International) Limited, a private limited company registered in England and Wales of '
     'Verde, 10 Bressenden Place, London (the "Sub-Advisor").',
     ["Acme Capital, L.P.", "Beta Capital"]),
    # decision 308: companies listed by comma after their legal forms (cuad/txt/OTISWORLDWIDECORP
    # _04_03_2020-EX-10.4, tuning half); "Co., Ltd." is one name
    ("This Agreement is entered into by and among Acme Inc., Beta LLC, and Gamma Corp. "
     '(collectively, the "Parties").', ["Acme Inc.", "Beta LLC", "Gamma Corp."]),
    ("This Agreement is made by and between Acme, Inc., Beta Holdings, L.P. and Gamma Corp.",
     ["Acme, Inc.", "Beta Holdings, L.P.", "Gamma Corp."]),
    ("This Agreement is made between Shenzhen Beta Co., Ltd. and Gamma Technology Co., Ltd.",
     ["Shenzhen Beta Co., Ltd.", "Gamma Technology Co., Ltd."]),
])
def test_parties_in_common_wordings(preamble: str, names: list[str]) -> None:
    found = find_parties(NormText(preamble + " 1. Supply. The Supplier shall deliver."))
    assert found is not None
    assert found[0] == names


@pytest.mark.parametrize(("preamble", "names"), [
    ("MUTUAL NON-DISCLOSURE AGREEMENT This Mutual Non-Disclosure Agreement is entered into by "
     "Acme Inc. and Beta LLC.", ["Acme Inc.", "Beta LLC"]),
    ("This Agreement is entered into as of June 1, 2020 by Acme Holdings Ltd., a company "
     "incorporated in England, and Beta GmbH, a German company.",
     ["Acme Holdings Ltd.", "Beta GmbH"]),
    ("This Supply Agreement is made on 1 June 2020 by Acme Corporation and Beta Limited.",
     ["Acme Corporation", "Beta Limited"]),
])
def test_parties_that_make_the_agreement_by_name(preamble: str, names: list[str]) -> None:
    # decision 308: "entered into / made … by X and Y", read when no other preamble names them
    data, _ = rule_extract(preamble + " 1. Confidential Information. The Recipient shall keep "
                           "it secret.", {"parties"})
    assert data["parties"] == names


def test_the_parties_who_made_an_agreement_before_are_no_preamble() -> None:
    text = ("AMENDMENT The following agreement was entered into by the parties in 2019. Acme Inc. "
            "and Beta LLC now amend it.")
    assert find_parties_made_by(NormText(text)) is None
