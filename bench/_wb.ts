import pg from "pg";
const url = process.argv[2]!;
const W = 32, SECONDS = 3, ROUNDS = 4;
const clients = await Promise.all(Array.from({ length: W }, async () => { const c = new pg.Client({ connectionString: url }); await c.connect(); return c; }));
const a = clients[0]!;
await a.query("INSERT INTO app_user (id,name,email,email_verified) VALUES ('wb-user','wb','wb@example.com',true) ON CONFLICT DO NOTHING");
const shop = (await a.query("INSERT INTO shop (name,business_type,address,phone) VALUES ('wb','grocery','x','+66812345678') RETURNING id")).rows[0].id;
const loc = (await a.query("INSERT INTO stock_location (shop_id,kind,name,is_default) VALUES ($1,'warehouse','main',true) RETURNING id",[shop])).rows[0].id;
const item = (await a.query("INSERT INTO stock_item (shop_id,name,sku,unit) VALUES ($1,'x','X1','ea') RETURNING id",[shop])).rows[0].id;
await a.query(`SELECT stock_post_document($1,'receive','','', 'wb-user', $2::jsonb)`, [shop, JSON.stringify([{line:1,item,location:loc,qty:100000000,unitCost:100}])]);
async function rate(fn: (c: pg.Client) => Promise<unknown>) {
  let n = 0; const end = performance.now() + SECONDS * 1000;
  await Promise.all(clients.map(async (c) => { while (performance.now() < end) { await fn(c); n++; } }));
  return n / SECONDS;
}
const lines = JSON.stringify([{ line: 1, item: Number(item), location: Number(loc), qty: 1 }]);
const bare = (c: pg.Client) => c.query("UPDATE stock_balance SET qty = qty - 1 WHERE item_id=$1 AND location_id=$2 AND qty >= 1", [item, loc]);
const fn = (c: pg.Client) => c.query("SELECT stock_post_document($1,'issue','','', 'wb-user', $2::jsonb)", [shop, lines]);
const ratios: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const b = await rate(bare); const f = await rate(fn);
  ratios.push(f / b); console.log(`bare ${b.toFixed(0)} fn ${f.toFixed(0)} ratio ${(f / b).toFixed(2)}`);
}
ratios.sort(); console.log("median ratio", ratios[Math.floor(ratios.length / 2)]?.toFixed(2));
await Promise.all(clients.map((c) => c.end()));
