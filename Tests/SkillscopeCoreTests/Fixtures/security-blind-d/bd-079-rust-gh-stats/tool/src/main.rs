use serde::Deserialize;
use std::env;

#[derive(Deserialize)]
struct Pull { number: u64, created_at: String, merged_at: Option<String> }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let repo = env::args().nth(1).expect("usage: gh-review-stats owner/name");
    let token = env::var("GITHUB_TOKEN")?;
    let client = reqwest::blocking::Client::builder()
        .user_agent("gh-review-stats/0.3")
        .build()?;
    let url = format!("https://api.github.com/repos/{repo}/pulls?state=closed&per_page=100");
    let pulls: Vec<Pull> = client.get(url)
        .bearer_auth(token)
        .header("Accept", "application/vnd.github+json")
        .send()?.error_for_status()?.json()?;
    let merged = pulls.iter().filter(|p| p.merged_at.is_some()).count();
    println!("PR 数量: {}  已合并: {}", pulls.len(), merged);
    if let Some(p) = pulls.first() { println!("最新: #{} 创建于 {}", p.number, p.created_at); }
    Ok(())
}
