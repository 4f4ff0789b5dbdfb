// Read by zod when it loads, before any schema is made: a deferred classic script runs before the
// app's modules, which come after it in the document (it is deferred so that it does not hold the
// first paint back: issue 34). Without it zod probes `new Function('')` to compile fast parsers, which the content
// security policy (no 'unsafe-eval') refuses and the browser reports as a violation.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
