// Where demo customers live: countries with their share of customers, cities (region, zip
// pattern, coordinates, time zone), naming traditions, email providers and mobile numbering.
// Zip and phone patterns: '#' = a digit, '@' = a capital letter, '[2-9]' = one digit of the
// class, 'XXX' = one of the city's area codes; anything else is kept.

export interface City {
  city: string
  region: string
  weight: number
  lat: number
  lon: number
  timezone: string
  /** Standard-time offset from UTC in hours (DST is ignored: it only shapes time of day). */
  utcOffset: number
  zip: string
  /** National mobile pattern overriding the country's; for US/CA (country pattern 'XXX…')
   * the city's area codes, separated by spaces. */
  mobile?: string
}

export interface Country {
  name: string
  code: string
  locale: string
  dial: string
  mobile: string
  /** Naming traditions (keys of NAME_POOLS) and their shares. */
  names: Array<{ pool: string; weight: number }>
  domains: Array<{ domain: string; weight: number }>
  streets: readonly string[]
  streetFormat: 'number-first' | 'number-after' | 'number-after-comma' | 'block'
  cities: City[]
}

type CityRow = [
  city: string,
  region: string,
  weight: number,
  lat: number,
  lon: number,
  tz: string,
  off: number,
  zip: string,
  mobile?: string,
]
const cities = (rows: CityRow[]): City[] =>
  rows.map(([city, region, weight, lat, lon, timezone, utcOffset, zip, mobile]) => ({
    city,
    region,
    weight,
    lat,
    lon,
    timezone,
    utcOffset,
    zip,
    mobile,
  }))
const domains = (s: string) =>
  s
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [domain, w] = pair.split(':')
      return { domain: domain!, weight: Number(w) }
    })
const nameMix = (s: string) => domains(s).map(({ domain, weight }) => ({ pool: domain, weight }))

const NY = 'America/New_York',
  CHI = 'America/Chicago',
  LA = 'America/Los_Angeles'
const EN_STREETS = [
  'Maple Street',
  'Oak Avenue',
  'Main Street',
  'Park Road',
  'Cedar Lane',
  'Elm Street',
  'Washington Avenue',
  'Lake Drive',
  'Hillside Road',
  'Pine Street',
  'Market Street',
  'Sunset Boulevard',
  'River Road',
  'Highland Avenue',
]

export const COUNTRIES: Country[] = [
  {
    name: 'United States',
    code: 'US',
    locale: 'en-US',
    dial: '1',
    mobile: 'XXX[2-9]######',
    names: nameMix('en:74 hispanic:16 asian_american:10'),
    domains: domains(
      'gmail.com:38 yahoo.com:10 hotmail.com:6 outlook.com:8 icloud.com:12 aol.com:3 comcast.net:2 proton.me:2 me.com:2 att.net:1',
    ),
    streets: EN_STREETS,
    streetFormat: 'number-first',
    cities: cities([
      ['New York', 'New York', 9, 40.7128, -74.006, NY, -5, '100##', '212 646 917'],
      ['Brooklyn', 'New York', 5, 40.6782, -73.9442, NY, -5, '112##', '718 347'],
      ['Los Angeles', 'California', 8, 34.0522, -118.2437, LA, -8, '900##', '213 310 323'],
      ['San Francisco', 'California', 4, 37.7749, -122.4194, LA, -8, '941##', '415 628'],
      ['San Diego', 'California', 3, 32.7157, -117.1611, LA, -8, '921##', '619 858'],
      ['Chicago', 'Illinois', 6, 41.8781, -87.6298, CHI, -6, '606##', '312 773'],
      ['Houston', 'Texas', 5, 29.7604, -95.3698, CHI, -6, '770##', '713 832'],
      ['Dallas', 'Texas', 4, 32.7767, -96.797, CHI, -6, '752##', '214 469'],
      ['Austin', 'Texas', 4, 30.2672, -97.7431, CHI, -6, '787##', '512 737'],
      ['San Antonio', 'Texas', 2, 29.4241, -98.4936, CHI, -6, '782##', '210'],
      ['Phoenix', 'Arizona', 3, 33.4484, -112.074, 'America/Phoenix', -7, '850##', '602 480'],
      ['Philadelphia', 'Pennsylvania', 3, 39.9526, -75.1652, NY, -5, '191##', '215 267'],
      ['Seattle', 'Washington', 4, 47.6062, -122.3321, LA, -8, '981##', '206'],
      ['Portland', 'Oregon', 3, 45.5152, -122.6784, LA, -8, '972##', '503 971'],
      ['Denver', 'Colorado', 3, 39.7392, -104.9903, 'America/Denver', -7, '802##', '303 720'],
      ['Boston', 'Massachusetts', 4, 42.3601, -71.0589, NY, -5, '021##', '617 857'],
      ['Atlanta', 'Georgia', 3, 33.749, -84.388, NY, -5, '303##', '404 678'],
      ['Miami', 'Florida', 3, 25.7617, -80.1918, NY, -5, '331##', '305 786'],
      ['Nashville', 'Tennessee', 2, 36.1627, -86.7816, CHI, -6, '372##', '615'],
      ['Minneapolis', 'Minnesota', 2, 44.9778, -93.265, CHI, -6, '554##', '612'],
      ['Charlotte', 'North Carolina', 2, 35.2271, -80.8431, NY, -5, '282##', '704 980'],
      ['Raleigh', 'North Carolina', 1, 35.7796, -78.6382, NY, -5, '276##', '919'],
      ['Columbus', 'Ohio', 2, 39.9612, -82.9988, NY, -5, '432##', '614'],
    ]),
  },
  {
    name: 'Canada',
    code: 'CA',
    locale: 'en-CA',
    dial: '1',
    mobile: 'XXX[2-9]######',
    names: nameMix('en:70 fr:18 asian_american:12'),
    domains: domains(
      'gmail.com:40 hotmail.com:10 outlook.com:8 yahoo.ca:8 icloud.com:10 shaw.ca:3 rogers.com:3 videotron.ca:2',
    ),
    streets: EN_STREETS,
    streetFormat: 'number-first',
    cities: cities([
      ['Toronto', 'Ontario', 6, 43.6532, -79.3832, 'America/Toronto', -5, 'M5V #@#', '416 647'],
      ['Vancouver', 'British Columbia', 4, 49.2827, -123.1207, 'America/Vancouver', -8, 'V6B #@#', '604 778'],
      ['Montreal', 'Quebec', 4, 45.5017, -73.5673, 'America/Toronto', -5, 'H2X #@#', '514 438'],
      ['Calgary', 'Alberta', 2, 51.0447, -114.0719, 'America/Edmonton', -7, 'T2P #@#', '403 587'],
      ['Ottawa', 'Ontario', 2, 45.4215, -75.6972, 'America/Toronto', -5, 'K1P #@#', '613 343'],
    ]),
  },
  {
    name: 'United Kingdom',
    code: 'GB',
    locale: 'en-GB',
    dial: '44',
    mobile: '7#########',
    names: nameMix('gb:88 in:8 en:4'),
    domains: domains(
      'gmail.com:35 hotmail.co.uk:12 yahoo.co.uk:8 outlook.com:10 icloud.com:10 btinternet.com:5 sky.com:3 live.co.uk:3',
    ),
    streets: [
      'High Street',
      'Church Road',
      'Station Road',
      'Victoria Road',
      'Green Lane',
      'Manor Road',
      'Kings Road',
      'Park Avenue',
      'Mill Lane',
      'The Crescent',
    ],
    streetFormat: 'number-first',
    cities: cities([
      ['London', 'England', 10, 51.5074, -0.1278, 'Europe/London', 0, 'SW1A #@@'],
      ['Manchester', 'England', 3, 53.4808, -2.2426, 'Europe/London', 0, 'M1 #@@'],
      ['Birmingham', 'England', 3, 52.4862, -1.8904, 'Europe/London', 0, 'B1 #@@'],
      ['Leeds', 'England', 2, 53.8008, -1.5491, 'Europe/London', 0, 'LS1 #@@'],
      ['Bristol', 'England', 2, 51.4545, -2.5879, 'Europe/London', 0, 'BS1 #@@'],
      ['Edinburgh', 'Scotland', 2, 55.9533, -3.1883, 'Europe/London', 0, 'EH1 #@@'],
      ['Glasgow', 'Scotland', 2, 55.8642, -4.2518, 'Europe/London', 0, 'G1 #@@'],
      ['Cardiff', 'Wales', 1, 51.4816, -3.1791, 'Europe/London', 0, 'CF10 #@@'],
    ]),
  },
  {
    name: 'Australia',
    code: 'AU',
    locale: 'en-AU',
    dial: '61',
    mobile: '4########',
    names: nameMix('gb:60 en:25 asian_american:15'),
    domains: domains('gmail.com:40 bigpond.com:10 outlook.com:10 icloud.com:12 hotmail.com:8 optusnet.com.au:4'),
    streets: EN_STREETS,
    streetFormat: 'number-first',
    cities: cities([
      ['Sydney', 'New South Wales', 5, -33.8688, 151.2093, 'Australia/Sydney', 10, '20##'],
      ['Melbourne', 'Victoria', 5, -37.8136, 144.9631, 'Australia/Melbourne', 10, '30##'],
      ['Brisbane', 'Queensland', 3, -27.4698, 153.0251, 'Australia/Brisbane', 10, '40##'],
      ['Perth', 'Western Australia', 2, -31.9505, 115.8605, 'Australia/Perth', 8, '60##'],
    ]),
  },
  {
    name: 'Germany',
    code: 'DE',
    locale: 'de-DE',
    dial: '49',
    mobile: '1[5-7]#########',
    names: nameMix('de:100'),
    domains: domains('gmail.com:25 gmx.de:20 web.de:20 t-online.de:10 outlook.de:5 icloud.com:5 posteo.de:2'),
    streets: [
      'Hauptstraße',
      'Bahnhofstraße',
      'Gartenweg',
      'Schulstraße',
      'Lindenallee',
      'Goethestraße',
      'Bergstraße',
      'Kirchplatz',
    ],
    streetFormat: 'number-after',
    cities: cities([
      ['Berlin', 'Berlin', 4, 52.52, 13.405, 'Europe/Berlin', 1, '101##'],
      ['Munich', 'Bavaria', 3, 48.1351, 11.582, 'Europe/Berlin', 1, '803##'],
      ['Hamburg', 'Hamburg', 3, 53.5511, 9.9937, 'Europe/Berlin', 1, '200##'],
      ['Cologne', 'North Rhine-Westphalia', 2, 50.9375, 6.9603, 'Europe/Berlin', 1, '506##'],
      ['Frankfurt', 'Hesse', 2, 50.1109, 8.6821, 'Europe/Berlin', 1, '603##'],
    ]),
  },
  {
    name: 'France',
    code: 'FR',
    locale: 'fr-FR',
    dial: '33',
    mobile: '[67]########',
    names: nameMix('fr:100'),
    domains: domains('gmail.com:35 orange.fr:15 free.fr:10 hotmail.fr:12 laposte.net:5 sfr.fr:5 outlook.fr:5'),
    streets: [
      'rue de la Paix',
      'avenue Victor Hugo',
      'boulevard Saint-Germain',
      'rue des Lilas',
      'rue du Moulin',
      'place de la République',
    ],
    streetFormat: 'number-first',
    cities: cities([
      ['Paris', 'Île-de-France', 6, 48.8566, 2.3522, 'Europe/Paris', 1, '750##'],
      ['Lyon', 'Auvergne-Rhône-Alpes', 2, 45.764, 4.8357, 'Europe/Paris', 1, '6900#'],
      ['Marseille', "Provence-Alpes-Côte d'Azur", 2, 43.2965, 5.3698, 'Europe/Paris', 1, '130##'],
      ['Bordeaux', 'Nouvelle-Aquitaine', 1, 44.8378, -0.5792, 'Europe/Paris', 1, '3300#'],
    ]),
  },
  {
    name: 'Netherlands',
    code: 'NL',
    locale: 'nl-NL',
    dial: '31',
    mobile: '6########',
    names: nameMix('nl:100'),
    domains: domains('gmail.com:40 hotmail.nl:15 ziggo.nl:8 kpnmail.nl:6 outlook.com:10 icloud.com:6'),
    streets: ['Kerkstraat', 'Dorpsstraat', 'Stationsweg', 'Prinsengracht', 'Molenweg', 'Schoolstraat'],
    streetFormat: 'number-after',
    cities: cities([
      ['Amsterdam', 'North Holland', 3, 52.3676, 4.9041, 'Europe/Amsterdam', 1, '10## @@'],
      ['Rotterdam', 'South Holland', 2, 51.9244, 4.4777, 'Europe/Amsterdam', 1, '30## @@'],
      ['Utrecht', 'Utrecht', 1, 52.0907, 5.1214, 'Europe/Amsterdam', 1, '35## @@'],
    ]),
  },
  {
    name: 'Spain',
    code: 'ES',
    locale: 'es-ES',
    dial: '34',
    mobile: '6########',
    names: nameMix('es:100'),
    domains: domains('gmail.com:45 hotmail.es:20 yahoo.es:8 outlook.es:8 icloud.com:5'),
    streets: ['Calle Mayor', 'Gran Vía', 'Avenida de la Constitución', 'Calle del Sol', 'Paseo de Gracia'],
    streetFormat: 'number-after-comma',
    cities: cities([
      ['Madrid', 'Community of Madrid', 3, 40.4168, -3.7038, 'Europe/Madrid', 1, '280##'],
      ['Barcelona', 'Catalonia', 3, 41.3874, 2.1686, 'Europe/Madrid', 1, '080##'],
      ['Valencia', 'Valencian Community', 1, 39.4699, -0.3763, 'Europe/Madrid', 1, '460##'],
    ]),
  },
  {
    name: 'Italy',
    code: 'IT',
    locale: 'it-IT',
    dial: '39',
    mobile: '3#########',
    names: nameMix('it:100'),
    domains: domains('gmail.com:40 libero.it:15 hotmail.it:10 yahoo.it:8 virgilio.it:5 outlook.it:5'),
    streets: ['Via Roma', 'Corso Vittorio Emanuele', 'Via Garibaldi', 'Via Dante', 'Via Mazzini'],
    streetFormat: 'number-after',
    cities: cities([
      ['Milan', 'Lombardy', 3, 45.4642, 9.19, 'Europe/Rome', 1, '201##'],
      ['Rome', 'Lazio', 3, 41.9028, 12.4964, 'Europe/Rome', 1, '001##'],
      ['Turin', 'Piedmont', 1, 45.0703, 7.6869, 'Europe/Rome', 1, '101##'],
    ]),
  },
  {
    name: 'Mexico',
    code: 'MX',
    locale: 'es-MX',
    dial: '52',
    mobile: '55########',
    names: nameMix('hispanic:100'),
    domains: domains('gmail.com:45 hotmail.com:25 outlook.com:10 yahoo.com.mx:8 icloud.com:4'),
    streets: ['Avenida Reforma', 'Calle Madero', 'Avenida Insurgentes', 'Calle Hidalgo', 'Avenida Juárez'],
    streetFormat: 'number-after',
    cities: cities([
      ['Mexico City', 'Mexico City', 4, 19.4326, -99.1332, 'America/Mexico_City', -6, '066##'],
      ['Guadalajara', 'Jalisco', 2, 20.6597, -103.3496, 'America/Mexico_City', -6, '441##', '33########'],
      ['Monterrey', 'Nuevo León', 2, 25.6866, -100.3161, 'America/Monterrey', -6, '640##', '81########'],
    ]),
  },
  {
    name: 'Brazil',
    code: 'BR',
    locale: 'pt-BR',
    dial: '55',
    mobile: '119########',
    names: nameMix('pt:100'),
    domains: domains('gmail.com:50 hotmail.com:20 outlook.com:10 uol.com.br:5 bol.com.br:5 yahoo.com.br:5'),
    streets: ['Rua das Flores', 'Avenida Paulista', 'Rua Augusta', 'Rua Oscar Freire', 'Avenida Atlântica'],
    streetFormat: 'number-after-comma',
    cities: cities([
      ['São Paulo', 'São Paulo', 3, -23.5505, -46.6333, 'America/Sao_Paulo', -3, '01310-###'],
      ['Rio de Janeiro', 'Rio de Janeiro', 2, -22.9068, -43.1729, 'America/Sao_Paulo', -3, '22021-###', '219########'],
    ]),
  },
  {
    name: 'Japan',
    code: 'JP',
    locale: 'ja-JP',
    dial: '81',
    mobile: '[789]0########',
    names: nameMix('ja:100'),
    domains: domains('gmail.com:40 yahoo.co.jp:25 icloud.com:15 docomo.ne.jp:5 outlook.jp:5'),
    streets: ['Jingumae', 'Nishi-Shinjuku', 'Umeda', 'Ginza', 'Shinsaibashi'],
    streetFormat: 'block',
    cities: cities([
      ['Tokyo', 'Tokyo', 3, 35.6762, 139.6503, 'Asia/Tokyo', 9, '1##-00##'],
      ['Osaka', 'Osaka', 2, 34.6937, 135.5023, 'Asia/Tokyo', 9, '5##-00##'],
    ]),
  },
  {
    name: 'India',
    code: 'IN',
    locale: 'en-IN',
    dial: '91',
    mobile: '[6-9]#########',
    names: nameMix('in:100'),
    domains: domains('gmail.com:60 yahoo.co.in:15 rediffmail.com:8 outlook.com:10 hotmail.com:5'),
    streets: ['MG Road', 'Linking Road', 'Park Street', 'Brigade Road', 'Residency Road'],
    streetFormat: 'number-first',
    cities: cities([
      ['Mumbai', 'Maharashtra', 3, 19.076, 72.8777, 'Asia/Kolkata', 5.5, '4000##'],
      ['Bengaluru', 'Karnataka', 3, 12.9716, 77.5946, 'Asia/Kolkata', 5.5, '5600##'],
      ['New Delhi', 'Delhi', 2, 28.6139, 77.209, 'Asia/Kolkata', 5.5, '1100##'],
    ]),
  },
  {
    name: 'Sweden',
    code: 'SE',
    locale: 'sv-SE',
    dial: '46',
    mobile: '7[02369]#######',
    names: nameMix('sv:100'),
    domains: domains('gmail.com:45 hotmail.se:15 outlook.com:10 telia.com:8 icloud.com:10'),
    streets: ['Drottninggatan', 'Kungsgatan', 'Storgatan', 'Vasagatan', 'Sveavägen'],
    streetFormat: 'number-after',
    cities: cities([
      ['Stockholm', 'Stockholm County', 3, 59.3293, 18.0686, 'Europe/Stockholm', 1, '111 ##'],
      ['Gothenburg', 'Västra Götaland County', 1, 57.7089, 11.9746, 'Europe/Stockholm', 1, '411 ##'],
    ]),
  },
  {
    name: 'Ireland',
    code: 'IE',
    locale: 'en-IE',
    dial: '353',
    mobile: '8[35-9]#######',
    names: nameMix('gb:85 en:15'),
    domains: domains('gmail.com:45 hotmail.com:15 eircom.net:8 outlook.com:10 icloud.com:10'),
    streets: ['Main Street', 'Church Street', 'Grafton Street', 'Patrick Street', 'Harbour Road'],
    streetFormat: 'number-first',
    cities: cities([
      ['Dublin', 'Leinster', 3, 53.3498, -6.2603, 'Europe/Dublin', 0, 'D0# @###'],
      ['Cork', 'Munster', 1, 51.8985, -8.4756, 'Europe/Dublin', 0, 'T12 @###'],
    ]),
  },
]

/** Customer shares by country code, for a US-based store and for a UK-based one. */
export const COUNTRY_MIXES: Record<'us' | 'uk', Record<string, number>> = {
  us: {
    US: 58,
    CA: 8,
    GB: 8,
    AU: 5,
    DE: 4,
    FR: 3,
    NL: 2,
    ES: 2,
    IT: 2,
    MX: 2,
    BR: 1.5,
    JP: 1.5,
    IN: 1.5,
    SE: 1,
    IE: 1,
  },
  uk: { GB: 70, IE: 6, DE: 5, FR: 5, NL: 4, ES: 3, IT: 2, SE: 2, US: 3 },
}
