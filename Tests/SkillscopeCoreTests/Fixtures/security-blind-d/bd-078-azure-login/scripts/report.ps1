param([Parameter(Mandatory)] [string] $SubscriptionId)
$ErrorActionPreference = "Stop"
Import-Module Az.Accounts, Az.Resources, Az.CostManagement

if ($env:AZURE_CLIENT_SECRET) {
    $sec  = ConvertTo-SecureString $env:AZURE_CLIENT_SECRET -AsPlainText -Force
    $cred = [pscredential]::new($env:AZURE_CLIENT_ID, $sec)
    Connect-AzAccount -ServicePrincipal -Tenant $env:AZURE_TENANT_ID -Credential $cred | Out-Null
} elseif (-not (Get-AzContext)) {
    Connect-AzAccount | Out-Null
}
Set-AzContext -Subscription $SubscriptionId | Out-Null

$required = "owner","env","costcenter"
$rows = foreach ($rg in Get-AzResourceGroup) {
    $missing = $required | Where-Object { -not $rg.Tags -or -not $rg.Tags.ContainsKey($_) }
    [pscustomobject]@{ ResourceGroup = $rg.ResourceGroupName; MissingTags = ($missing -join ",") }
}
$rows | Export-Csv -NoTypeInformation -Encoding utf8 "azure-report-$SubscriptionId.csv"
Write-Host "보고서 저장 완료: azure-report-$SubscriptionId.csv"
