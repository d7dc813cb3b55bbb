#!/usr/bin/env python3
"""A new visitor signs in with (a fake) GitHub in headless Chromium, reviews a file, edits and deletes the review,
makes a token for their agent, and the agent reviews through MCP with the official Python SDK.

Usage: signin_e2e.py BASE_URL FILE_ID LOGIN SCREENSHOT_DIR
Prints one line per step; exits 1 at the first failed step. Pages are saved as screenshots.
"""
import asyncio
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

base, file_id, login, shots = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3], sys.argv[4]
os.makedirs(shots, exist_ok=True)
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1400"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(30)


def check(condition, step):
    if not condition:
        driver.save_screenshot(os.path.join(shots, "signin-failed.png"))
        print("FAIL " + step)
        print(driver.page_source[:3000])
        driver.quit()
        sys.exit(1)
    print("ok   " + step)


def shot(name):
    # At a phone's width and a desktop's; a file page's reviews are near its end: show them.
    for width in (390, 1280):
        driver.set_window_size(width, 1400)
        driver.execute_script("const r = document.getElementById('reviews'); if (r) r.scrollIntoView();")
        driver.save_screenshot(os.path.join(shots, f"signin-{name}-{width}.png"))


def reviews_text():
    return driver.find_element(By.ID, "reviews").find_element(By.XPATH, "..").text


page = f"{base}/files/{file_id}"
driver.get(page)
check("Sign in with GitHub" in driver.page_source, "a visitor is offered sign-in with GitHub on the file page")
shot("visitor")
driver.find_element(By.LINK_TEXT, "Sign in with GitHub").click()
WebDriverWait(driver, 20).until(lambda d: "Authorize the app" in d.page_source)
check(f"Signing in as {login}" in driver.page_source, "the (fake) GitHub consent page is shown")
shot("consent")
driver.find_element(By.ID, "approve").click()
WebDriverWait(driver, 20).until(lambda d: "/files/" in d.current_url and "Signed in as" in d.page_source)
check(f"Signed in as @{login}" in reviews_text(), "back on the file page, signed in")
cookies = {c["name"]: c for c in driver.get_cookies()}
session = cookies.get("skillscope_session", {})
check(session.get("httpOnly") is True and session.get("sameSite") == "Lax", "the session cookie is HttpOnly and Lax")
shot("signed-in")

driver.find_element(By.CSS_SELECTOR, "input[name=outcome][value=worked]").click()
driver.find_element(By.ID, "used_for").send_keys("a settings screen")
driver.find_element(By.CSS_SELECTOR, "form.review-form button[type=submit]").click()
WebDriverWait(driver, 20).until(lambda d: "used for a settings screen" in d.page_source)
check(f"It worked · by @{login}" in reviews_text(), "the review shows with the login")
shot("reviewed")

driver.find_element(By.CSS_SELECTOR, "input[name=outcome][value=partly]").click()
field = driver.find_element(By.ID, "used_for")
check(field.get_attribute("value") == "a settings screen", "the form holds the review to edit")
field.clear()
field.send_keys("a settings screen, then its tests")
driver.find_element(By.CSS_SELECTOR, "form.review-form button[type=submit]").click()
WebDriverWait(driver, 20).until(lambda d: "then its tests" in d.page_source)
text = reviews_text()
check(f"Partly · by @{login}" in text and "It worked · by" not in text, "the edit replaced the review")
shot("edited")

driver.find_element(By.XPATH, "//button[text()='Delete your review']").click()
WebDriverWait(driver, 20).until(lambda d: "Delete your review" not in d.page_source)
check("then its tests" not in reviews_text(), "the review is deleted")

driver.get(f"{base}/account")
check(f"@{login}" in driver.page_source and "No tokens yet" in driver.page_source, "the account page lists no tokens")
driver.find_element(By.ID, "token_name").send_keys("claude")
driver.find_element(By.CSS_SELECTOR, "form.token-form button").click()
WebDriverWait(driver, 20).until(lambda d: "new-token" in d.page_source)
secret = driver.find_element(By.ID, "new-token").text
check(secret.startswith("ssa_") and len(secret) > 20, "a token for the agent is shown once")
shot("token")


async def agent_reviews():
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    target = streamable_http_client(
        base + "/mcp", http_client=create_mcp_http_client(headers={"Authorization": f"Bearer {secret}"}))
    async with Client(target, mode="auto", read_timeout_seconds=30) as c:
        result = await c.call_tool(
            "registry_write",
            {"action": "report", "id": int(file_id), "outcome": "worked", "usedFor": "a CI fix",
             "agent": "claude-code"})
        return result


result = asyncio.run(asyncio.wait_for(agent_reviews(), 60))
structured = getattr(result, "structured_content", None) or getattr(result, "structuredContent", None) or {}
check(not getattr(result, "is_error", getattr(result, "isError", False)), "registry_write through the MCP SDK succeeded")
check(structured.get("by") == f"claude (claude-code), an agent of @{login}", f"MCP says whose agent: {structured.get('by')}")

driver.get(page)
check(f"by claude (claude-code), an agent of @{login}" in reviews_text(), "the page says the review is by an agent of the login")
shot("agent-review")

driver.get(f"{base}/account")
driver.find_element(By.XPATH, "//button[text()='Sign out']").click()
WebDriverWait(driver, 20).until(lambda d: "skillscope_session" not in {c["name"] for c in d.get_cookies()})
driver.get(page)
check("Sign in with GitHub" in driver.page_source, "signed out")
driver.quit()
print("done")
