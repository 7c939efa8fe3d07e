// The demo store's product catalog, as plain data: event properties (Viewed Product, Added to
// Cart, Placed Order, Ordered Product) name these products, so charts broken down by product
// or category show a believable long tail (`weight` = relative popularity).

export interface Product {
  id: string
  sku: string
  name: string
  category: string
  brand: string
  price: number
  weight: number
  slug: string
}

export const CATEGORIES = [
  'Apparel',
  'Outerwear',
  'Footwear',
  'Accessories',
  'Home & Kitchen',
  'Beauty',
  'Outdoor',
] as const
export type Category = (typeof CATEGORIES)[number]

type Row = [name: string, category: Category, brand: string, price: number, weight: number]

const ROWS: Row[] = [
  ['Classic Crew Tee', 'Apparel', 'Northwind Basics', 24, 14],
  ['Organic Cotton Hoodie', 'Apparel', 'Northwind Basics', 68, 11],
  ['Relaxed Linen Shirt', 'Apparel', 'Harbor & Pine', 79, 6],
  ['Everyday Slim Jeans', 'Apparel', 'Denim Works', 89, 9],
  ['Merino Crewneck Sweater', 'Apparel', 'Harbor & Pine', 118, 6],
  ['Soft Jogger Pants', 'Apparel', 'Northwind Basics', 58, 8],
  ['Striped Breton Top', 'Apparel', 'Maison Lune', 46, 5],
  ['Wrap Midi Dress', 'Apparel', 'Maison Lune', 98, 5],
  ['Performance Running Shorts', 'Apparel', 'Stride Lab', 38, 6],
  ['Quilted Puffer Jacket', 'Outerwear', 'Summit Supply', 189, 7],
  ['Waxed Canvas Field Coat', 'Outerwear', 'Harbor & Pine', 265, 3],
  ['Packable Rain Shell', 'Outerwear', 'Summit Supply', 129, 5],
  ['Wool Blend Overcoat', 'Outerwear', 'Maison Lune', 329, 2],
  ['Fleece Zip Vest', 'Outerwear', 'Summit Supply', 74, 4],
  ['Everyday Canvas Sneakers', 'Footwear', 'Stride Lab', 72, 10],
  ['Trail Running Shoes', 'Footwear', 'Stride Lab', 139, 6],
  ['Suede Chelsea Boots', 'Footwear', 'Harbor & Pine', 210, 3],
  ['Cozy Shearling Slippers', 'Footwear', 'Northwind Basics', 64, 5],
  ['Leather Slide Sandals', 'Footwear', 'Maison Lune', 55, 3],
  ['Leather Card Wallet', 'Accessories', 'Harbor & Pine', 42, 7],
  ['Ribbed Beanie', 'Accessories', 'Northwind Basics', 28, 8],
  ['Canvas Weekender Bag', 'Accessories', 'Harbor & Pine', 148, 3],
  ['Polarized Sunglasses', 'Accessories', 'Stride Lab', 95, 4],
  ['Cashmere Scarf', 'Accessories', 'Maison Lune', 120, 3],
  ['Everyday Tote', 'Accessories', 'Northwind Basics', 36, 6],
  ['Minimalist Watch', 'Accessories', 'Tempo & Co', 175, 2],
  ['Stoneware Mug Set', 'Home & Kitchen', 'Kiln House', 38, 7],
  ['Pour-Over Coffee Kit', 'Home & Kitchen', 'Kiln House', 54, 5],
  ['Linen Duvet Cover', 'Home & Kitchen', 'Slow Living', 159, 3],
  ['Waffle Bath Towel Set', 'Home & Kitchen', 'Slow Living', 62, 4],
  ['Soy Wax Candle – Cedar', 'Home & Kitchen', 'Slow Living', 32, 9],
  ['Cast Iron Skillet', 'Home & Kitchen', 'Kiln House', 48, 4],
  ['Chunky Knit Throw', 'Home & Kitchen', 'Slow Living', 110, 3],
  ['Daily Hydrating Serum', 'Beauty', 'Clear Bloom', 42, 8],
  ['SPF 50 Mineral Sunscreen', 'Beauty', 'Clear Bloom', 28, 7],
  ['Nourishing Hand Cream', 'Beauty', 'Clear Bloom', 18, 8],
  ['Botanical Shampoo Bar', 'Beauty', 'Clear Bloom', 16, 5],
  ['Gift Set – Spa Night', 'Beauty', 'Clear Bloom', 65, 3],
  ['Insulated Water Bottle', 'Outdoor', 'Summit Supply', 34, 9],
  ['Ultralight Daypack', 'Outdoor', 'Summit Supply', 89, 4],
  ['Camp Blanket', 'Outdoor', 'Summit Supply', 79, 3],
  ['Trekking Poles (Pair)', 'Outdoor', 'Summit Supply', 99, 2],
  ['Enamel Camp Mug', 'Outdoor', 'Kiln House', 19, 5],
  ['Hammock with Straps', 'Outdoor', 'Summit Supply', 69, 3],
]

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export const PRODUCTS: readonly Product[] = ROWS.map(([name, category, brand, price, weight], i) => ({
  id: String(7401000 + i * 37),
  sku: `${category.slice(0, 3).toUpperCase()}-${String(1001 + i)}`,
  name,
  category,
  brand,
  price,
  weight,
  slug: slugify(name),
}))
/** Products of one category, for customers who mostly browse their favourite category. */
export const PRODUCTS_BY_CATEGORY: ReadonlyMap<string, readonly Product[]> = new Map(
  CATEGORIES.map((c) => [c, PRODUCTS.filter((p) => p.category === c)]),
)

export const DISCOUNT_CODES = {
  welcome: 'WELCOME10',
  holiday: 'BFCM25',
  summer: 'SUMMER15',
  vip: 'VIP20',
  free: 'FREESHIP',
} as const
