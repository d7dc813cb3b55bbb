/// The parts of GitHub's JSON answers the crawl reads.
///
/// Related documentation: <https://docs.github.com/en/rest/repos/repos#get-a-repository>,
/// <https://docs.github.com/en/rest/git/trees#get-a-tree>, <https://docs.github.com/en/rest/git/blobs#get-a-blob>
enum GitHubPayload {
    /// `GET /repos/{owner}/{repo}`.
    struct Repository: Decodable {
        struct License: Decodable {
            var spdx_id: String?
        }
        var full_name: String
        var stargazers_count: Int?
        var topics: [String]?
        var license: License?
        var default_branch: String?
        var pushed_at: String?
    }

    /// `GET /repos/{owner}/{repo}/branches/{branch}`.
    struct Branch: Decodable {
        struct Commit: Decodable {
            struct Details: Decodable {
                struct Tree: Decodable {
                    var sha: String
                }
                var tree: Tree
            }
            var sha: String
            var commit: Details
        }
        var commit: Commit
    }

    /// `GET /repos/{owner}/{repo}/git/trees/{sha}[?recursive=1]`.
    struct Tree: Decodable {
        struct Entry: Decodable {
            var path: String
            var type: String
            var sha: String
            var size: Int?
            var mode: String?
        }
        var sha: String
        var tree: [Entry]
        var truncated: Bool?
    }

    /// `GET /repos/{owner}/{repo}/git/blobs/{sha}`.
    struct Blob: Decodable {
        var content: String
        var encoding: String
        var size: Int?
    }

    /// `GET /search/repositories`.
    struct Search: Decodable {
        struct Item: Decodable {
            var full_name: String
        }
        var total_count: Int?
        var items: [Item]
    }

    /// Any error answer's body.
    struct Message: Decodable {
        var message: String?
    }
}
