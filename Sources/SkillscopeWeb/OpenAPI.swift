/// The JSON API's OpenAPI 3.1 document, served at `/openapi.json`; schemathesis checks the server against it in
/// the test suite.
enum OpenAPI {
    static let document = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Skillscope registry API", "version": "1.0.0",
            "description": "Agent instruction files: search, files, rules, checks, versions, listing records, reviews, analysis and comparison."},
          "paths": {
            "/api/v1/search": {"get": {"operationId": "search", "summary": "Search files",
              "parameters": [
                {"name": "q", "in": "query", "required": true, "schema": {"type": "string"}, "description": "Words to find; a query with no letter or digit (or an empty one) finds nothing"},
                {"name": "kind", "in": "query", "schema": {"type": "string", "pattern": "^(skill|skill-reference|claude|agents|gemini|cursor|copilot|windsurf)(,(skill|skill-reference|claude|agents|gemini|cursor|copilot|windsurf))*$"}, "description": "Comma-separated kinds: skill, skill-reference, claude, agents, gemini, cursor, copilot, windsurf"},
                {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100}},
                {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 1000000}},
                {"name": "topic", "in": "query", "schema": {"type": "string"}, "description": "Only repositories with this topic"},
                {"name": "license", "in": "query", "schema": {"type": "string"}, "description": "Only repositories under this licence"},
                {"name": "reviewed", "in": "query", "schema": {"type": "boolean"}, "description": "Only files with reviews"},
                {"name": "sort", "in": "query", "schema": {"type": "string", "enum": ["relevance", "stars", "recent", "versions", "quality"]},
                 "description": "versions and quality order the 200 best matches; a page past them keeps relevance's order"}],
              "responses": {"200": {"description": "Matching files", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SearchResults"}}}},
                "400": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/files/{id}": {"get": {"operationId": "file", "summary": "One file's whole report: the file and its text, its rules rated (500 at a time: offset, limit), checks, versions and reviews",
              "parameters": [{"$ref": "#/components/parameters/id"},
                {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 1000000}, "description": "The first rule listed"},
                {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 2000}, "description": "Rules listed (default 500); rulesShown says which"}],
              "responses": {"200": {"description": "The file", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/File"}}}},
                "400": {"$ref": "#/components/responses/Error"},
                "404": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/files/{id}/rules": {"get": {"operationId": "rules", "summary": "The rules of a file, with their lines",
              "parameters": [{"$ref": "#/components/parameters/id"}],
              "responses": {"200": {"description": "Rules in order", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Rule"}}}}},
                "404": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/files/{id}/ratings": {"get": {"operationId": "ratings", "summary": "Each rule rated common, distinctive or very specific, with its evidence",
              "parameters": [{"$ref": "#/components/parameters/id"}],
              "responses": {"200": {"description": "Ratings", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Ratings"}}}},
                "404": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/files/{id}/checks": {"get": {"operationId": "checks", "summary": "Spec findings, security report and quality score",
              "parameters": [{"$ref": "#/components/parameters/id"}],
              "responses": {"200": {"description": "Checks", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Checks"}}}},
                "404": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/files/{id}/versions": {"get": {"operationId": "versions", "summary": "Versions of the file in other projects, by band",
              "parameters": [{"$ref": "#/components/parameters/id"}],
              "responses": {"200": {"description": "Versions", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Versions"}}}},
                "404": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/files/{id}/listing": {"get": {"operationId": "listing", "summary": "The file as a listing record",
              "parameters": [{"$ref": "#/components/parameters/id"}],
              "responses": {"200": {"description": "A listing record", "content": {"application/json": {"schema": {"type": "object", "required": ["id", "kind", "qualityScore"]}}}},
                "404": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/files/{id}/reviews": {
              "get": {"operationId": "reviews", "summary": "Reviews of a file",
                "parameters": [{"$ref": "#/components/parameters/id"}],
                "responses": {"200": {"description": "Reviews and their counts", "content": {"application/json": {"schema": {"type": "object", "required": ["summary", "reviews"]}}}},
                  "404": {"$ref": "#/components/responses/Error"}}},
              "post": {"operationId": "review", "summary": "Write a review (one per token per file version; a second replaces the first)",
                "security": [{"token": []}],
                "parameters": [{"$ref": "#/components/parameters/id"}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["outcome", "usedFor"],
                  "properties": {"outcome": {"type": "string", "enum": ["worked", "partly", "failed"]}, "usedFor": {"type": "string", "minLength": 1, "maxLength": 500, "pattern": "\\S", "description": "What it was used for (required)"}, "reviewer": {"type": "string"}}}}}},
                "responses": {"200": {"description": "The token's earlier review was replaced", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ReviewWritten"}}}},
                  "201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ReviewWritten"}}}},
                  "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
                  "404": {"$ref": "#/components/responses/Error"}, "429": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/analyze": {"post": {"operationId": "analyze", "summary": "Analyze a text that is not stored",
              "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["text"],
                "properties": {"text": {"type": "string", "pattern": "\\S"}, "kind": {"type": "string", "enum": ["skill", "skill-reference", "claude", "agents", "gemini", "cursor", "copilot", "windsurf"]}}}}}},
              "responses": {"200": {"description": "The analysis", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Analysis"}}}},
                "400": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"},
                "422": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/remix": {"post": {"operationId": "remix", "summary": "One SKILL.md from rules picked out of several files",
              "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["name", "picks"],
                "properties": {"name": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$", "maxLength": 64}, "description": {"type": "string", "minLength": 1, "maxLength": 1024},
                  "picks": {"type": "array", "minItems": 1, "items": {"type": "object", "required": ["file", "rules"],
                    "properties": {"file": {"$ref": "#/components/schemas/FileID"}, "rules": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 1}}}}}}}}}},
              "responses": {"200": {"description": "The SKILL.md and its spec findings", "content": {"application/json": {"schema": {"type": "object", "required": ["skill", "findings"]}}}},
                "400": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}}}},
            "/api/v1/compare": {"get": {"operationId": "compare", "summary": "Two files rule by rule",
              "parameters": [
                {"name": "a", "in": "query", "required": true, "schema": {"$ref": "#/components/schemas/FileID"}},
                {"name": "b", "in": "query", "required": true, "schema": {"$ref": "#/components/schemas/FileID"}}],
              "responses": {"200": {"description": "Kept, changed, added and dropped rules", "content": {"application/json": {"schema": {"type": "object", "required": ["a", "b", "kept", "entries"]}}}},
                "400": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}}}}
          },
          "components": {
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer", "description": "A token from `skillscope token create`"}},
            "parameters": {"id": {"name": "id", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/FileID"}}},
            "responses": {"Error": {"description": "An error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}},
            "schemas": {
              "FileID": {"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807},
              "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "object", "required": ["code", "message"],
                "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}}},
              "SearchResults": {"type": "object", "required": ["hits", "total", "matchedAllTerms", "facets", "totalIsEstimate"], "properties": {
                "facets": {"type": "object", "required": ["kinds", "licenses", "topics"]},
                "hits": {"type": "array", "items": {"type": "object", "required": ["id", "key", "kind", "score", "snippet"], "properties": {
                  "summary": {"type": "object", "description": "from the registry's last `skillscope group`; absent before it",
                    "required": ["versions", "copies", "edited", "own", "isOrigin", "quality"], "properties": {
                    "versions": {"type": "integer", "minimum": 0, "description": "other projects that use a version of the file"},
                    "copies": {"type": "integer", "minimum": 0}, "edited": {"type": "integer", "minimum": 0},
                    "own": {"type": "integer", "minimum": 0},
                    "isOrigin": {"type": "boolean", "description": "the likely origin of its word-for-word and edited versions"},
                    "quality": {"type": "number", "minimum": 0, "maximum": 1}}},
                  "reviews": {"type": "integer", "minimum": 0}}}},
                "total": {"type": "integer", "minimum": 0}, "matchedAllTerms": {"type": "boolean"},
                "totalIsEstimate": {"type": "boolean", "description": "total and the facet counts are estimates: matches are counted up to 1,000"}}},
              "File": {"type": "object", "required": ["file", "rules", "ratings", "checks"], "properties": {
                "file": {"type": "object", "required": ["path", "kind", "status", "lines", "ruleCount"], "properties": {
                  "id": {"type": "integer"}, "repository": {"type": "string"}, "path": {"type": "string"}, "kind": {"type": "string"},
                  "status": {"type": "string", "enum": ["indexed", "rejected", "removed"]}, "text": {"type": "string"},
                  "lines": {"type": "integer"}, "ruleCount": {"type": "integer"}, "url": {"type": "string"}}},
                "rules": {"type": "array", "items": {"$ref": "#/components/schemas/Rule"}},
                "ratings": {"type": "object", "required": ["summary", "sentence", "counts"]},
                "checks": {"$ref": "#/components/schemas/Checks"},
                "versions": {"$ref": "#/components/schemas/Versions"},
                "reviews": {"type": "object", "required": ["count", "worked", "partly", "failed", "recent"]}}},
              "Rule": {"type": "object", "required": ["position", "line", "endLine", "text", "section"], "properties": {
                "position": {"type": "integer"}, "line": {"type": "integer"}, "endLine": {"type": "integer"}, "text": {"type": "string"},
                "section": {"type": "array", "items": {"type": "string"}}}},
              "Ratings": {"type": "object", "required": ["summary", "sentence", "counts", "editedVersions", "registryFiles", "rules"], "properties": {
                "summary": {"type": "string"}, "sentence": {"type": "string"}, "counts": {"type": "object", "required": ["common", "distinctive", "verySpecific"]},
                "editedVersions": {"type": "integer", "minimum": 0}, "registryFiles": {"type": "integer", "minimum": 0},
                "embedder": {"type": "string"},
                "rules": {"type": "array", "items": {"type": "object", "required": ["position", "line", "endLine", "text", "section", "isEstimate", "evidence", "namedThings"], "properties": {
                  "position": {"type": "integer"}, "line": {"type": "integer"}, "endLine": {"type": "integer"}, "text": {"type": "string"},
                  "rating": {"type": "string", "enum": ["common", "distinctive", "very-specific"]}, "isEstimate": {"type": "boolean"},
                  "evidence": {"type": "string"}, "namedThings": {"type": "array"}}}}}},
              "Checks": {"type": "object", "required": ["diagnostics", "findings", "security", "quality", "rationale"], "properties": {
                "diagnostics": {"type": "array"}, "rationale": {"type": "string"},
                "findings": {"type": "array"}, "security": {"$ref": "#/components/schemas/Security"},
                "quality": {"type": "object", "required": ["score", "parts"]}}},
              "Security": {"type": "object", "required": ["verdict", "findings"], "properties": {
                "verdict": {"type": "string", "enum": ["pass", "warn", "fail"]}, "findings": {"type": "array"}}},
              "Versions": {"type": "object", "required": ["otherProjects", "bands"], "properties": {
                "otherProjects": {"type": "integer", "minimum": 0}, "bands": {"type": "array"}}},
              "ReviewWritten": {"type": "object", "required": ["id", "replaced", "summary"], "properties": {
                "id": {"type": "integer"}, "replaced": {"type": "boolean"}, "summary": {"type": "object"}}},
              "Analysis": {"$ref": "#/components/schemas/File"}
            }
          }
        }
        """#
}
