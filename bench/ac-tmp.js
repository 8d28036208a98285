const ac=require('autocannon');
(async()=>{for (const p of process.argv.slice(2)) { const r = await ac({url:'http://127.0.0.1:4555'+p,connections:32,duration:8}); console.log(p, Math.round(r.requests.average),'req/s p50',r.latency.p50,'p97.5',r.latency.p97_5, 'bytes/req', Math.round(r.throughput.average/r.requests.average)); }})();
