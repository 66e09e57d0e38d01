// Kubernetes manifests (a JSON array of objects on stdin) validated against the API's own
// OpenAPI schemas, as kubernetes-models compiles them (and its prometheus-operator package for
// ServiceMonitor): each object's kind and name, "valid", or what is wrong; exit 1 if any is.
// usage: python3 -c 'yaml to json' < pmuctl.yaml | NODE_PATH=build/tools/node_modules node tests/k8s_validate.js
"use strict";
const docs = JSON.parse(require("fs").readFileSync(0, "utf8"));
let bad = 0;
for (const doc of docs) {
	const api = doc.apiVersion || "";
	const mod = api.startsWith("monitoring.coreos.com/") ?
		"@kubernetes-models/prometheus-operator/" + api : "kubernetes-models/" + api;
	const name = `${doc.kind} ${doc.metadata && doc.metadata.name}`;
	let Model;
	try {
		Model = require(mod)[doc.kind];
	} catch (e) {
		Model = undefined;
	}
	if (!Model) {
		console.log(`${name}: no schema for ${api} ${doc.kind}`);
		bad++;
		continue;
	}
	try {
		new Model(doc).validate();
		console.log(`${name}: valid`);
	} catch (e) {
		console.log(`${name}: ${e.message}`);
		bad++;
	}
}
process.exit(bad ? 1 : 0);
