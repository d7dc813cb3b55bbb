#!/usr/bin/env node
const { program } = require("commander");
program.name("relatorios").description("Relatórios de vendas");
program.command("vendas").option("--mes <mes>").action((o) => console.log("gerando vendas", o.mes));
program.command("comissoes").option("--mes <mes>").action((o) => console.log("gerando comissões", o.mes));
program.parse();
