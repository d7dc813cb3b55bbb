$ErrorActionPreference = 'Stop'
$repo = Split-Path -Parent $PSScriptRoot
$action = New-ScheduledTaskAction -Execute 'pwsh.exe' -Argument "-File `"$repo\scripts\nightly.ps1`"" -WorkingDirectory $repo
$trigger = New-ScheduledTaskTrigger -Daily -At 1:30am
$settings = New-ScheduledTaskSettingsSet -StartWhenAvailable -ExecutionTimeLimit (New-TimeSpan -Hours 2)
Register-ScheduledTask -TaskName 'NightlyInstaller' -TaskPath '\Acme\' -Action $action -Trigger $trigger `
    -Settings $settings -Description 'Nightly installer build (see repo docs/build-box.md)' -Force
Write-Host 'Registered \Acme\NightlyInstaller'
