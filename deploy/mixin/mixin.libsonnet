// pmuctl's monitoring mixin (the monitoring-mixins convention: prometheusRules,
// prometheusAlerts, grafanaDashboards), for jsonnet-bundler users and kube-prometheus:
//   local pmuctl = import 'github.com/<fork>/pmuctl/deploy/mixin/mixin.libsonnet';
// rules.yml is `pmuctl list --metrics --all --format=prometheus-rules`, the recording rules of
// every family and the alerts, as the binary writes them (the suite checks it is current).
local all = std.parseYaml(importstr 'rules.yml');
local isAlert(r) = std.objectHas(r, 'alert');

{
  prometheusRules+:: {
    groups+: [g { rules: std.filter(function(r) !isAlert(r), g.rules) } for g in all.groups
              if std.length(std.filter(function(r) !isAlert(r), g.rules)) > 0],
  },
  prometheusAlerts+:: {
    groups+: [g { rules: std.filter(isAlert, g.rules) } for g in all.groups
              if std.length(std.filter(isAlert, g.rules)) > 0],
  },
  grafanaDashboards+:: {
    'pmuctl.json': import '../grafana/pmuctl.json',
  },
}
