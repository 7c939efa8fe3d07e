// Country codes per continent for the location trigger's con_* entries (the vendor's continent
// codes). con_EUP is the EU plus the EEA and the UK, the set consent rules usually target.
const CONTINENTS: Record<string, string> = {
  con_AF:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  con_AS:
    'AE AF AM AZ BD BH BN BT CC CN CX CY GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE',
  con_EU:
    'AD AL AT AX BA BE BG BY CH CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA',
  con_EUP: 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK GB',
  con_NA:
    'AG AI AN AW BB BM BS BZ CA CR CU DM DO GD GL GP GT HN HT JM KN KY LC MQ MS MX NI PA PM PR SV TC TT US VC VG VI',
  con_OC: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU WF WS',
  con_SA: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
}

/** Whether a country matches an entry of an allow or deny list (a country or a continent). */
export function countryMatches(country: string, entry: string): boolean {
  const c = country.toUpperCase()
  const codes = CONTINENTS[entry]
  return codes ? codes.split(' ').includes(c) : entry.toUpperCase() === c
}
